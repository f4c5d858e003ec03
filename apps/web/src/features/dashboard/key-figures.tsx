import { addMonths, type DashboardIndicadores, type DashboardRegistro, formatBRL, formatInteger, MSG, pathForMenuPage, registerPage } from '@concilia/domain';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatPercent } from './dashboard-format';

// the two lists' pages and windows, without their declarations (fields, zod schemas)
const auditoriaTaxasScreen = registerPage('auditoriaTaxas');
const conferenciaBancariaScreen = registerPage('conferenciaBancaria');

type Figure = { label: string; value: string; detail: string; to: string };

/**
 * The window's key figures above the charts, each opening the list that explains it: the sales behind
 * gross, net, fees and reconciled share and the overdue payments in the ticket search; the over-charges
 * in Auditoria de Taxas, on its divergent sales of the window's last month (its longest search); the settlements
 * not credited in Conferência Bancária, likewise. The counts say
 * 'vendas' or 'pagamentos' by the record kind shown.
 */
/**
 * `painel`: the Painel's wall view (features/painel) — read only, so the figures lead nowhere, and larger, six in
 * a row from a laptop's width up, sized to the screen.
 */
export function KeyFigures({ k, de, ate, registro, painel = false }: { k: DashboardIndicadores; de: string; ate: string; registro: DashboardRegistro; painel?: boolean }) {
  const vendas = registro === 'VENDA';
  const tickets = `${pathForMenuPage('pesquisaticket')}?de=${de}&ate=${ate}`;
  const lastMonth = addMonths(ate, -(auditoriaTaxasScreen.maxMonths ?? 1));
  const auditoria = `${pathForMenuPage(auditoriaTaxasScreen.page)}?de=${de > lastMonth ? de : lastMonth}&ate=${ate}&situacao=divergente`;
  const lastBankMonth = addMonths(ate, -(conferenciaBancariaScreen.maxMonths ?? 1));
  const conferencia = `${pathForMenuPage(conferenciaBancariaScreen.page)}?de=${de > lastBankMonth ? de : lastBankMonth}&ate=${ate}&resultado=NAO_CREDITADO`;
  const figures: Figure[] = [
    { label: MSG.dashboardBruto, value: formatBRL(k.bruto), detail: `${formatInteger(k.quantidade)} ${vendas ? MSG.dashboardVendas : MSG.dashboardPagamentos}`, to: tickets },
    { label: MSG.dashboardLiquido, value: formatBRL(k.liquido), detail: formatBRL(k.bruto - k.liquido), to: tickets },
    { label: MSG.dashboardTaxas, value: formatBRL(k.taxa), detail: `${formatPercent(k.taxaPercentual)} ${MSG.dashboardDoBruto}`, to: tickets },
    { label: MSG.dashboardConciliado, value: formatPercent(k.conciliadoPercentual), detail: vendas ? MSG.dashboardDasVendas : MSG.dashboardDosPagamentos, to: tickets },
    { label: MSG.dashboardCobradoAMais, value: formatBRL(k.cobradoAMais), detail: MSG.dashboardAuditoriaTaxas, to: auditoria },
    { label: MSG.dashboardEmAtraso, value: formatBRL(k.emAtraso), detail: `${formatInteger(k.parcelasEmAtraso)} ${MSG.dashboardParcelas}`, to: tickets },
    // the wall keeps its six figures in a row; the dashboard adds the bank check's missing credits
    ...(painel ? [] : [{ label: MSG.dashboardNaoCreditado, value: formatBRL(k.naoCreditado), detail: MSG.dashboardConferenciaBancaria, to: conferencia }]),
  ];
  const content = (f: Figure) => (
    <CardContent sx={painel ? { py: 1.5, '&:last-child': { pb: 1.5 } } : undefined}>
      <Typography variant="body2" color="text.secondary">{f.label}</Typography>
      <Typography
        variant="h6"
        component="p"
        data-testid="indicador-valor"
        // on the wall the value grows with the screen: about 20 px at 1366 px wide, 28 px at 1920
        sx={{ fontWeight: 600, fontSize: painel ? 'clamp(1.1rem, 1.45vw, 2.6rem)' : '1.05rem', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
      >
        {f.value}
      </Typography>
      <Typography variant="caption" color="text.secondary">{f.detail}</Typography>
    </CardContent>
  );
  const columns = painel ? { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(6, 1fr)' } : { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)', xl: 'repeat(7, 1fr)' };
  return (
    <Box component="ul" aria-label="Indicadores" sx={{ display: 'grid', gap: painel ? 1.5 : 2, p: 0, m: 0, listStyle: 'none', gridTemplateColumns: columns }}>
      {figures.map((f) => (
        <Card component="li" key={f.label} variant="outlined">
          {painel ? content(f) : (
            <CardActionArea component={RouterLink} to={f.to} sx={{ height: '100%' }}>
              {content(f)}
            </CardActionArea>
          )}
        </Card>
      ))}
    </Box>
  );
}
