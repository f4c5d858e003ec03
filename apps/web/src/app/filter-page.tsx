import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { PageHeading } from './page-heading';

type Props = {
  title: string;
  subtitle: string;
  /** the submit button's words (Pesquisar) */
  submit: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** the filter's fields, then what the form says about its answer (an empty result) above the button */
  children: ReactNode;
  /** what the answer opens below the card (a full-screen view) */
  after?: ReactNode;
};

/**
 * The frame of a screen that is a filter page first (Fechamento de Movimento Previsão, Posição do Contrato): the
 * title and what the screen does, the filter's fields in a card, one submit button at its foot.
 */
export function FilterPage({ title, subtitle, submit, onSubmit, children, after }: Props) {
  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <Box>
        <PageHeading>{title}</PageHeading>
        <Typography variant="body2" color="text.secondary">{subtitle}</Typography>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack component="form" spacing={3} noValidate onSubmit={onSubmit} aria-label={title}>
            {children}
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained">{submit}</Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
      {after}
    </Stack>
  );
}
