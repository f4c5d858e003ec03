import { forcaSenha, MSG } from '@concilia/domain';
import { Box, LinearProgress, Typography } from '@mui/material';

const COLORS = ['error', 'error', 'warning', 'info', 'success', 'success'] as const;

/** The strength words of spec part 2 §5 under a bar, so the user sees the rules' effect while typing. */
export function PasswordStrength({ senha }: { senha: string }) {
  const { palavra, nivel } = forcaSenha(senha);
  const color = COLORS[nivel] ?? 'error';
  return (
    <Box data-testid="password-strength" aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={senha ? Math.max(8, (nivel / 5) * 100) : 0}
        color={color}
        aria-label={MSG.forcaSenhaRotulo}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
        {MSG.forcaSenhaRotulo}:{' '}
        <Box component="strong" sx={{ color: `${color}.main` }}>
          {palavra}
        </Box>
      </Typography>
    </Box>
  );
}
