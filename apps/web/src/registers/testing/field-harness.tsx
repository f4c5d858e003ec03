import { createTheme, ThemeProvider } from '@mui/material';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { queryClient } from '../../lib/query-client';
import type { Values } from '../fields/field-props';

function Harness({ initial, children }: { initial: Values; children: (control: Control<Values>) => ReactNode }) {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: initial });
  const values = useWatch({ control });
  return (
    <form noValidate onSubmit={handleSubmit(() => {})}>
      {children(control)}
      <output data-testid="values">{JSON.stringify(values)}</output>
      <button type="submit">enviar</button>
    </form>
  );
}

/**
 * Renders field components in a bare react-hook-form, with the current values printed as JSON so tests
 * read what the field stores, not only what it shows.
 */
export function renderFields(children: (control: Control<Values>) => ReactNode, initial: Values = {}) {
  const view = render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={queryClient}>
        <Harness initial={initial}>{children}</Harness>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  const values = () => JSON.parse(view.getByTestId('values').textContent ?? '{}') as Values;
  return { ...view, values };
}
