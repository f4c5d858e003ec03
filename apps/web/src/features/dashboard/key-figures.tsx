import { addMonths, auditoriaTaxasScreen, type DashboardIndicadores, type DashboardRegistro, formatBRL, MSG, pathForMenuPage } from '@concilia/domain';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatPercent } from './dashboard-format';

type Figure = { label: string; value: string; detail: string; to: string };

/**
 * The window's key figures above the charts, each opening the list that explains it: the sales behind
 * gross, net, fees and reconciled share and the overdue payments in the ticket search; the over-charges
 * in Auditoria de Taxas, on its divergent sales of the window's last month (its longest search). The counts say
 * 'vendas' or 'pagamentos' by the record kind shown.
 */
export function KeyFigures({ k, de, ate, registro }: { k: DashboardIndicadores; de: string; ate: string; registro: DashboardRegistro }) {
  const vendas = registro === 'VENDA';
  const tickets = `${pathForMenuPage('pesquisaticket')}?de=${de}&ate=${ate}`;
  const lastMonth = addMonths(ate, -(auditoriaTaxasScreen.window?.maxMonths ?? 1));
  const auditoria = `${pathForMenuPage(auditoriaTaxasScreen.page)}?de=${de > lastMonth ? de : lastMonth}&ate=${ate}&situacao=divergente`;
  const figures: Figure[] = [
    { label: MSG.dashboardBruto, value: formatBRL(k.bruto), detail: `${k.quantidade.toLocaleString('pt-BR')} ${vendas ? MSG.dashboardVendas : MSG.dashboardPagamentos}`, to: tickets },
    { label: MSG.dashboardLiquido, value: formatBRL(k.liquido), detail: formatBRL(k.bruto - k.liquido), to: tickets },
    { label: MSG.dashboardTaxas, value: formatBRL(k.taxa), detail: `${formatPercent(k.taxaPercentual)} ${MSG.dashboardDoBruto}`, to: tickets },
    { label: MSG.dashboardConciliado, value: formatPercent(k.conciliadoPercentual), detail: vendas ? MSG.dashboardDasVendas : MSG.dashboardDosPagamentos, to: tickets },
    { label: MSG.dashboardCobradoAMais, value: formatBRL(k.cobradoAMais), detail: MSG.dashboardAuditoriaTaxas, to: auditoria },
    { label: MSG.dashboardEmAtraso, value: formatBRL(k.emAtraso), detail: `${k.parcelasEmAtraso.toLocaleString('pt-BR')} ${MSG.dashboardParcelas}`, to: tickets },
  ];
  return (
    <Box component="ul" aria-label="Indicadores" sx={{ display: 'grid', gap: 2, p: 0, m: 0, listStyle: 'none', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' } }}>
      {figures.map((f) => (
        <Card component="li" key={f.label} variant="outlined">
          <CardActionArea component={RouterLink} to={f.to} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="body2" color="text.secondary">{f.label}</Typography>
              <Typography variant="h6" component="p" data-testid="indicador-valor" sx={{ fontWeight: 600, fontSize: '1.05rem', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>{f.value}</Typography>
              <Typography variant="caption" color="text.secondary">{f.detail}</Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
