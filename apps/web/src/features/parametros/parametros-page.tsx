import { MSG, PARAMETROS_MAX, parametrosSchema, ROUTES } from '@concilia/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useNotifier } from '../../app/notifications';
import { useProcessing } from '../../app/processing';
import { call } from '../../lib/api-client';
import { OPS } from '../../lib/operations';
import { PageHeading } from '../../app/page-heading';

const KEY = ['parametros'];

/**
 * Parâmetros (spec part 2 §2.2): one text, 'Fecha Movimento', up to 500 characters with a counter, and
 * Salvar. Not a list, so it is its own small page rather than a register.
 */
export function ParametrosPage() {
  const notifier = useNotifier();
  const processing = useProcessing();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: KEY, queryFn: async () => (await call(OPS.listarParametros)).listarParametros[0] ?? null });
  const { control, handleSubmit, reset } = useForm({ resolver: zodResolver(parametrosSchema), defaultValues: { texto: '' as string | null } });
  const { field, fieldState } = useController({ control, name: 'texto' });

  useEffect(() => {
    if (current.isSuccess) reset({ texto: current.data?.texto ?? '' });
  }, [current.isSuccess, current.data, reset]);

  const save = handleSubmit(async ({ texto }) => {
    await processing(call(OPS.salvarParametros, { values: { texto: texto || null, insert: !current.data } }));
    await queryClient.invalidateQueries({ queryKey: KEY });
    notifier.success(MSG.parametrosSalvos);
  });

  const length = String(field.value ?? '').length;
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <PageHeading>{ROUTES.parametros.title}</PageHeading>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" spacing={2} noValidate onSubmit={(e) => void save(e)}>
            <TextField
              label={MSG.parametrosFechaMovimento}
              multiline
              minRows={6}
              name={field.name}
              value={String(field.value ?? '')}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={current.isPending}
              error={!!fieldState.error}
              helperText={fieldState.error?.message ?? `${length}/${PARAMETROS_MAX}`}
              slotProps={{ htmlInput: { maxLength: PARAMETROS_MAX } }}
            />
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={current.isPending}>{MSG.listaSalvar}</Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
