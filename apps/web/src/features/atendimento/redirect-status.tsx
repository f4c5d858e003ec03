import { MSG } from '@concilia/domain';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { PageHeading } from '../../app/page-heading';

/** What the auto-submitting pages show for the moment they are on screen, or why they could not go on. */
export function RedirectStatus({ title, opening, failure, onBack }: { title: string; opening: string; failure: string | null; onBack: () => void }) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <PageHeading>{title}</PageHeading>
      {failure ? (
        <>
          <Alert severity="warning" data-testid="redirect-failure">{failure}</Alert>
          <div><Button variant="outlined" onClick={onBack}>{MSG.voltar}</Button></div>
        </>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} />
          <Typography>{opening}</Typography>
        </Stack>
      )}
    </Stack>
  );
}
