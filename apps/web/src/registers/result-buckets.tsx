import { type Bucket, formatDecimal, formatInteger } from '@concilia/domain';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';

type Props = {
  buckets: readonly Bucket[];
  /** the valor of the card the search is narrowed to, if any */
  active: string | null;
  onPick: (valor: string | null) => void;
};

/**
 * The result cards above a list (RegisterDef.buckets): how many rows have each result and their amount in
 * R$. A click narrows the search to that result; a click on the chosen card widens it again.
 */
export function ResultBuckets({ buckets, active, onPick }: Props) {
  if (buckets.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)', lg: 'repeat(6, 1fr)' } }} data-print-hide>
      {buckets.map((b) => {
        const chosen = active === b.valor;
        return (
          <Card key={b.valor} variant="outlined" sx={{ borderColor: chosen ? 'primary.main' : undefined, borderWidth: chosen ? 2 : 1 }}>
            <CardActionArea onClick={() => onPick(chosen ? null : b.valor)} aria-pressed={chosen} data-testid={`bucket-${b.valor}`}>
              <CardContent sx={{ py: 1.5 }}>
                {/* two lines: 'Somente no arquivo do cliente' must be read whole on a laptop screen, not cut */}
                <Typography variant="body2" color="text.secondary" sx={{ minHeight: '2.5em', lineHeight: 1.25 }}>{b.label}</Typography>
                <Typography variant="h6" component="p">{formatInteger(b.quantidade)}</Typography>
                <Typography variant="body2">R$ {formatDecimal(b.total)}</Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
