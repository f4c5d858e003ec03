import { MSG, ROUTES } from '@concilia/domain';
import AccountCircle from '@mui/icons-material/AccountCircle';
import History from '@mui/icons-material/History';
import Key from '@mui/icons-material/Key';
import Logout from '@mui/icons-material/Logout';
import { Button, IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { signOut } from '../../features/auth/sign-out';
import { useProcessing } from '../processing';
import { useAppState } from '../store';
import { openInNewTab } from './open-in-new-tab';
import { useUserInfo } from './shell-queries';

/** The account button of the top bar: the user's name (hidden in 'vis' mode) and the account actions. */
export function UserMenu() {
  const vis = useAppState((s) => s.mode) === 'vis';
  const user = useUserInfo().data;
  const navigate = useNavigate();
  const run = useProcessing();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const open = (e: MouseEvent<HTMLElement>) => setAnchor(e.currentTarget);

  const versaoAntiga = () => {
    close();
    // Failures reach the user through the shell's error rules; the blank tab is closed by openInNewTab.
    run(openInNewTab(async () => (await call(OPS.urlVersaoAntiga)).urlVersaoAntiga)).catch(() => {});
  };

  const name = user?.nomeAbreviado ?? '';
  return (
    <>
      {vis || !name ? (
        <Tooltip title={MSG.contaUsuario}>
          <IconButton color="inherit" aria-label={MSG.contaUsuario} data-testid="user-menu" onClick={open}>
            <AccountCircle />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          color="inherit"
          startIcon={<AccountCircle />}
          aria-label={`${MSG.contaUsuario}: ${name}`}
          data-testid="user-menu"
          onClick={open}
          sx={{ textTransform: 'none', fontWeight: 600 }}
        >
          <span data-testid="user-name">{name}</span>
        </Button>
      )}
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem onClick={() => { close(); void navigate(ROUTES.alteraSenha.path); }}>
          <ListItemIcon><Key fontSize="small" /></ListItemIcon>
          <ListItemText>{ROUTES.alteraSenha.title}</ListItemText>
        </MenuItem>
        {user?.versaoAntiga ? (
          <MenuItem onClick={versaoAntiga}>
            <ListItemIcon><History fontSize="small" /></ListItemIcon>
            <ListItemText>{MSG.versaoAntiga}</ListItemText>
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => { close(); void signOut(); }}>
          <ListItemIcon><Logout fontSize="small" /></ListItemIcon>
          <ListItemText>{MSG.sair}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
