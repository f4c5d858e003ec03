import { formatBusinessDate, MSG } from '@concilia/domain';
import { Alert, AlertTitle, Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';

/**
 * The late-file alarms (status 'Z — extrato VAN atrasado') of the establishments the user sees, as the alarm job
 * left them: nothing when none is open. The server lists the most recent days first and counts the rest.
 */
export function LateFilesNotice() {
  const { data } = useQuery({
    queryKey: ['home', 'arquivosAtrasados'],
    queryFn: async () => (await call(OPS.getArquivosAtrasados)).getArquivosAtrasados,
  });
  if (!data || data.total === 0) return null;
  const rest = data.total - data.itens.length;
  return (
    <Alert severity="warning" variant="outlined" data-testid="home-late-files">
      <AlertTitle>{MSG.arquivosAtrasadosTitulo}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>{MSG.arquivosAtrasadosDica}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {data.itens.map((a) => (
          <li key={`${a.codestabelecimento}-${a.data}`}>
            <Typography variant="body2">
              <strong>{formatBusinessDate(a.data)}</strong> · {a.operadora} · {a.codexterno}
              {a.estabelecimento ? ` (${a.estabelecimento})` : ''} · {a.unidade} · {MSG.statusExtratoVanAtrasado}
            </Typography>
          </li>
        ))}
      </Box>
      {rest > 0 ? <Typography variant="body2" sx={{ mt: 1 }}>{MSG.arquivosAtrasadosMais.replace('{n}', String(rest))}</Typography> : null}
    </Alert>
  );
}
