import { type FileRule, fileAccepted, megabytes, MSG, type StoredFile } from '@concilia/domain';
import UploadFile from '@mui/icons-material/UploadFile';
import { Box, Button, FormControl, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import type { FieldProps } from './field-props';

const kilobytes = (n: number) => (n >= 1_000_000 ? megabytes(n) : `${(n / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`);

/**
 * A register's 'file' field: one file, picked with a button. It shows the stored file (name and size, and a
 * preview of an image) or the one chosen, and refuses on the spot a file over the limit or of another type
 * with the form's message ('Arquivo muito grande ou extensão inválida.'); the server checks it again.
 */
export function FileField({ control, name, label, required, disabled, rule }: FieldProps & { rule: FileRule }) {
  const { field, fieldState } = useController({ control, name });
  const input = useRef<HTMLInputElement>(null);
  const [refused, setRefused] = useState(false);
  const chosen = field.value instanceof File ? field.value : null;
  const stored = !chosen && field.value && typeof field.value === 'object' ? (field.value as StoredFile) : null;
  // a chosen image is previewed from the browser's memory, a stored one from the data URL the server answers
  const chosenUrl = useMemo(() => (chosen && rule.preview && chosen.type.startsWith('image/') ? URL.createObjectURL(chosen) : null), [chosen, rule.preview]);
  useEffect(() => () => { if (chosenUrl) URL.revokeObjectURL(chosenUrl); }, [chosenUrl]);
  const preview = chosenUrl ?? (rule.preview ? stored?.url : null);
  const error = refused ? MSG.uploadInvalido : fieldState.error?.message;
  const text = chosen
    ? MSG.arquivoCampoEscolhido.replace('{nome}', chosen.name).replace('{tamanho}', kilobytes(chosen.size))
    : stored ? MSG.arquivoCampoGravado.replace('{nome}', stored.nome).replace('{tamanho}', kilobytes(stored.tamanho)) : null;
  return (
    <FormControl error={!!error} required={required} disabled={disabled} fullWidth>
      <FormLabel>{label}</FormLabel>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 0.5 }}>
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => input.current?.click()} disabled={disabled}>
          {MSG.arquivoCampoEscolher}
        </Button>
        <input
          ref={input}
          hidden
          type="file"
          name={field.name}
          data-testid={`arquivo-${name}`}
          accept={rule.accept.join(',')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            const ok = fileAccepted(rule, file);
            setRefused(!ok);
            if (ok) field.onChange(file);
          }}
        />
        {preview ? <Box component="img" src={preview} alt={label} sx={{ maxHeight: 56, maxWidth: 120, objectFit: 'contain', border: 1, borderColor: 'divider' }} /> : null}
      </Stack>
      {text ? <Typography variant="body2" sx={{ mt: 0.5 }}>{text}</Typography> : null}
      <FormHelperText>{error ?? MSG.arquivoCampoLimite.replace('{max}', kilobytes(rule.maxBytes))}</FormHelperText>
    </FormControl>
  );
}
