import { MSG } from '@concilia/domain';
import CheckIcon from '@mui/icons-material/Check';
import PaletteIcon from '@mui/icons-material/Palette';
import { Box, IconButton, Menu, MenuItem, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { dispatch, useAppState } from '../store';
import { THEMES, themeOption, type ThemeOption } from './themes';

function Swatch({ t }: { t: ThemeOption }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: 28, height: 28, borderRadius: '50%', flexShrink: 0, border: 1, borderColor: 'divider',
        // half page background, half primary: shows light/dark and the hue at a glance
        background: `linear-gradient(135deg, ${t.mode === 'dark' ? '#121212' : '#ffffff'} 50%, ${t.primary} 50%)`,
      }}
    />
  );
}

/** Palette button of the top bar: the 16 themes in a two-column grid (light | dark of each palette). */
export function ThemePicker() {
  const current = themeOption(useAppState((s) => s.theme)).id;
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (id: string) => {
    dispatch({ type: 'SET_THEME', theme: id });
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={MSG.temas}>
        <IconButton color="inherit" aria-label={MSG.temas} data-testid="theme-picker" onClick={(e) => setAnchor(e.currentTarget)}>
          <PaletteIcon />
        </IconButton>
      </Tooltip>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { sx: { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, p: 1 } } }}
      >
        {THEMES.map((t) => (
          <MenuItem
            key={t.id}
            role="menuitemradio"
            aria-checked={t.id === current}
            selected={t.id === current}
            onClick={() => choose(t.id)}
            sx={{ gap: 1.5, borderRadius: 1 }}
          >
            <Swatch t={t} />
            <Typography variant="body2" sx={{ flexGrow: 1 }}>{t.label}</Typography>
            {t.id === current ? <CheckIcon fontSize="small" color="primary" /> : null}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
