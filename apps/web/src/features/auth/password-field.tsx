import { MSG } from '@concilia/domain';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment } from '@mui/material';
import { useState, type ComponentProps } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field';

type Props<T extends FieldValues, TOut> = Omit<ComponentProps<typeof FormTextField<T, TOut>>, 'type' | 'slotProps'>;

/** Password input with a show/hide toggle. */
export function PasswordField<T extends FieldValues, TOut = T>(props: Props<T, TOut>) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? MSG.senhaOcultar : MSG.senhaMostrar}
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
                disabled={props.disabled}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
