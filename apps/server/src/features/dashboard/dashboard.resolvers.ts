import { isUnder } from '@concilia/db';
import {
  type DashboardIndicadores, type DashboardPie, type DashboardResult, type DashboardSerie, dashboardFilterSchema, DASHBOARD_REGISTROS, MSG,
} from '@concilia/domain';
import { sql } from 'drizzle-orm';
import { builder } from '../../graphql/builder';
import { AppError, fromZod } from '../../graphql/errors';
import { CentavosScalar } from '../../register-kit/centavos-scalar';
import { requirePage } from '../auth/require-page';
import { dashboard, dashboardScope } from './dashboard.service';

/**
 * getDashBoard (spec part 1 "Dashboard", §3, §7): the charts of the dashboard screen and its key figures over
 * the daily summaries, for the caller's part of the hierarchy (or one Conciliador of it), one month at most.
 */
const PAGE = 'dashboard';

void CentavosScalar;

const DashboardPieRef = builder.objectRef<DashboardPie>('DashboardPie').implement({
  description: 'A pie (or column) point: name and value; the largest slice comes sliced and selected.',
  fields: (t) => ({
    name: t.exposeString('name'),
    y: t.expose('y', { type: 'Centavos', description: 'Amount in centavos (average ticket: centavos per sale or installment)' }),
    sliced: t.exposeBoolean('sliced'),
    selected: t.exposeBoolean('selected'),
  }),
});

const DashboardSerieRef = builder.objectRef<DashboardSerie>('DashboardSerie').implement({
  description: 'A named series of numbers, one per category (average rate: percent with two decimals).',
  fields: (t) => ({ name: t.exposeString('name'), data: t.exposeFloatList('data') }),
});

const DashboardIndicadoresRef = builder.objectRef<DashboardIndicadores>('DashboardIndicadores').implement({
  description: "The window's key figures: its sales (whatever the record kind) and its overdue payments.",
  fields: (t) => ({
    quantidade: t.exposeInt('quantidade', { description: 'Sales in the window' }),
    bruto: t.expose('bruto', { type: 'Centavos' }),
    liquido: t.expose('liquido', { type: 'Centavos' }),
    taxa: t.expose('taxa', { type: 'Centavos', description: 'Fees the operators kept' }),
    taxaPercentual: t.exposeFloat('taxaPercentual', { description: 'Fees over gross, percent (two decimals)' }),
    conciliadoPercentual: t.exposeFloat('conciliadoPercentual', { description: "Sales paired with the merchant's file, percent of sales" }),
    cobradoAMais: t.expose('cobradoAMais', { type: 'Centavos', description: 'Fees charged above the contracted rates (fee audit)' }),
    emAtraso: t.expose('emAtraso', { type: 'Centavos', description: 'Expected payments of the window whose date passed unpaid' }),
    parcelasEmAtraso: t.exposeInt('parcelasEmAtraso'),
    naoCreditado: t.expose('naoCreditado', { type: 'Centavos', description: 'Settlements of the window the bank check found not credited (conferência bancária)' }),
  }),
});

export const DashboardRef = builder.objectRef<DashboardResult>('DashBoard').implement({
  description: 'The dashboard charts (spec part 1 §3). Amounts in centavos; categories: days YYYY-MM-DD, hours 00..23, operator names.',
  fields: (t) => ({
    seriesVendaOperadora: t.expose('seriesVendaOperadora', { type: [DashboardPieRef] }),
    seriesVendaTipo: t.expose('seriesVendaTipo', { type: [DashboardPieRef], description: 'By product kind: Crédito, Débito, Voucher, Pix, Outros' }),
    categoriaVendaDia: t.exposeStringList('categoriaVendaDia'),
    seriesVendaDia: t.expose('seriesVendaDia', { type: ['Centavos'] }),
    categoriaVendaHora: t.exposeStringList('categoriaVendaHora', { description: 'Empty for PAGAMENTO: payments have no hour' }),
    seriesVendaHora: t.expose('seriesVendaHora', { type: ['Centavos'] }),
    seriesTicketMedio: t.expose('seriesTicketMedio', { type: [DashboardPieRef], description: 'Average ticket per operator, centavos' }),
    categoriaTaxaMedia: t.exposeStringList('categoriaTaxaMedia'),
    seriesTaxaMedia: t.expose('seriesTaxaMedia', { type: [DashboardSerieRef] }),
    indicadores: t.expose('indicadores', { type: DashboardIndicadoresRef }),
  }),
});

export const DashboardRegistroRef = builder.enumType('DashboardRegistro', { values: DASHBOARD_REGISTROS });

const DashboardValues = builder.inputType('DashboardValues', {
  description: 'Dashboard filter: empresa (Conciliador; empty or -999 = all), registro, de/ate (YYYY-MM-DD, one month at most).',
  fields: (t) => ({
    empresa: t.int({ required: false }),
    registro: t.field({ type: DashboardRegistroRef, required: true }),
    de: t.string({ required: true }),
    ate: t.string({ required: true }),
  }),
});

builder.queryField('getDashBoard', (t) =>
  t.field({
    type: DashboardRef,
    description: "Sales or payments charts and key figures of the caller's part of the hierarchy (or of one client in it), from the daily summaries.",
    args: { values: t.arg({ type: DashboardValues, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, PAGE);
      const parsed = dashboardFilterSchema.safeParse(values);
      if (!parsed.success) throw fromZod(parsed.error);
      const filter = parsed.data;
      if (filter.empresa !== null) {
        const found = (await ctx.db.execute(sql`SELECT 1 WHERE ${isUnder(filter.empresa, me.codpessoa)}`)) as unknown as { rows: unknown[] };
        if (!found.rows.length) throw new AppError('FORBIDDEN', MSG.semPermissao);
      }
      return dashboard(ctx.db, { ...filter, escopo: dashboardScope(me.codpessoa, filter.empresa) });
    },
  }),
);
