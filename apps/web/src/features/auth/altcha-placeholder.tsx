import { MSG } from '@concilia/domain';
import { Box } from '@mui/material';

/**
 * ALTCHA's box as it will be drawn, shown until its code runs: in the page's HTML (the build renders it before the
 * configuration is known) and beside the <altcha-widget> until the element is defined, when a rule hides it. Its
 * label is the page's largest text: drawn with the first paint, and kept as the same node until ALTCHA draws the
 * same box in its place, it makes the page complete at once, and the later label, no larger, is not a later
 * "largest paint". Sizes and colours are ALTCHA's own (its stylesheet arrives with its code); nothing here reacts
 * to a click, and the real checkbox replaces it within a moment of hydration.
 */
export function AltchaPlaceholder() {
  return (
    <Box
      aria-hidden
      data-testid="bot-check-placeholder"
      sx={{
        '&:has(+ altcha-widget:defined)': { display: 'none' },
        boxSizing: 'border-box',
        width: '100%',
        display: 'flex',
        flexDirection: 'column',
        gap: '0.5rem',
        padding: '0.75rem',
        border: '1px solid light-dark(oklch(83.591% 0.0001 271.152), oklch(46.04% 0.00005 271.152))',
        borderRadius: '6px',
        backgroundColor: 'light-dark(oklch(100% 0.00011 271.152), oklch(20.904% 0.00002 271.152))',
        color: 'light-dark(oklch(20.904% 0.00002 271.152), oklch(100% 0.00011 271.152))',
        lineHeight: 1.25,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: '0.5rem', minHeight: 26 }}>
        <Box
          sx={{
            boxSizing: 'border-box',
            flex: '0 0 22px',
            height: 22,
            border: '1px solid light-dark(oklch(66.494% 0.00233 15.434), oklch(51.028% 0.00006 271.152))',
            borderRadius: '5px',
          }}
        />
        {/* a flex box, as ALTCHA's label is, so that both measure the same as the largest thing painted */}
        <Box component="span" sx={{ display: 'flex' }}>
          {MSG.botCheckRotulo}
        </Box>
      </Box>
      <Box sx={{ alignSelf: 'flex-end', fontSize: '0.7rem', opacity: 0.7 }}>{MSG.botCheckRodape}</Box>
    </Box>
  );
}
