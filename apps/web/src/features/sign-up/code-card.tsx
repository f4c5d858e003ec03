import { MSG } from '@concilia/domain';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useNotifier } from '../../app/notifications';
import { copyText } from '../../lib/copy-text';

/** A sign-up's identification code, large enough to read out on the phone, with its copy button. */
export function CodeCard({ codigo }: { codigo: string }) {
  const notifier = useNotifier();
  const copy = async () => {
    if (await copyText(codigo)) notifier.success(MSG.codigoCopiado);
    else notifier.error(MSG.codigoFalhaCopiar);
  };
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>{MSG.cadastroSeuCodigo}</Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography component="output" data-testid="codigo" sx={{ fontFamily: 'monospace', fontSize: 26, letterSpacing: 2 }}>
          {codigo}
        </Typography>
        <Button startIcon={<ContentCopy />} onClick={copy}>{MSG.codigoCopiar}</Button>
      </Stack>
    </Box>
  );
}
