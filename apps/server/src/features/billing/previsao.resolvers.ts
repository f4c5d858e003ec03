import { PREVISAO_PAGE, previsaoSchema } from '@concilia/domain';
import { audit } from '../../audit';
import { offerDownload } from '../../downloads/download-store';
import { builder } from '../../graphql/builder';
import { fromZod } from '../../graphql/errors';
import { requirePage } from '../auth/require-page';
import { previsaoReportPdf, previsaoReportXlsx, type PrevisaoCliente } from '../invoice-documents/previsao-report';
import { fechaMovimentoText, openMovements } from './billing.queries';
import { billedClients } from './movimentos.source';

/**
 * getRelatorioFechaMovimentoPrevisao (spec part 2 §2.2 "Fecha Movimento (forecast)", §5, §7): what closing
 * would bill, per client the caller bills (clients strictly below it, as Movimentos Abertos), for the sales from
 * Venda De to Venda Até made on the chosen weekdays and the monthly fees whose cut-off day falls on them — the
 * open-period rule of billing.queries.ts, narrowed. Nothing is closed or written but the audit line; the report
 * (PDF or XLSX) is offered for download and its path answered.
 */

const FiltroInput = builder.inputType('FechaMovimentoPrevisaoFiltro', {
  fields: (t) => ({
    datavendade: t.string({ description: 'Venda De, YYYY-MM-DD' }),
    datavendaate: t.string({ description: 'Venda Até, YYYY-MM-DD' }),
  }),
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

builder.mutationField('getRelatorioFechaMovimentoPrevisao', (t) =>
  t.string({
    description:
      'The closing forecast report (Fechamento de Movimento Previsão) of the sales between filtro.datavendade and filtro.datavendaate on the weekdays `dias` ' +
      '(1 = Domingo … 7 = Sábado), as pdf (default) or xlsx: the path (/download/…) the browser fetches it from.',
    args: {
      filtro: t.arg({ type: FiltroInput, required: true }),
      dias: t.arg.intList({ required: true }),
      formato: t.arg.string({ defaultValue: 'pdf' }),
    },
    resolve: async (_r, { filtro, dias, formato }, ctx) => {
      const me = await requirePage(ctx, PREVISAO_PAGE);
      const parsed = previsaoSchema.safeParse({ ...filtro, dias, formato });
      if (!parsed.success) throw fromZod(parsed.error);
      const f = parsed.data;
      const kind = f.formato ?? 'pdf';
      const rows = await openMovements(ctx.db, { clientes: billedClients(me, null), de: f.datavendade, ate: f.datavendaate, dias: f.dias });
      const clientes: PrevisaoCliente[] = rows.map((r) => ({
        nome: r.nome, quantidade: r.quantidade, valorbruto: r.valorbruto, valorliquidoadm: r.valorliquidoadm,
        valorliquidoterminal: r.valorliquidoterminal, mensalidades: r.debitos, valorservico: r.valorservico,
      }));
      const input = { vendade: f.datavendade, vendaate: f.datavendaate, dias: f.dias, clientes, fechamovimento: await fechaMovimentoText(ctx.db, me.codpessoa) };
      const body = kind === 'xlsx' ? await previsaoReportXlsx(input) : await previsaoReportPdf(input);
      await audit(ctx.db, {
        codusuario: me.codusuario, acao: 'RELATORIO_PREVISAO', entidade: 'movimentos',
        dados: { datavendade: f.datavendade, datavendaate: f.datavendaate, dias: f.dias, formato: kind, clientes: clientes.length },
      });
      return offerDownload(ctx, {
        fileName: `previsao-fechamento-${f.datavendade}-a-${f.datavendaate}.${kind}`,
        contentType: kind === 'xlsx' ? XLSX : 'application/pdf',
        body,
      });
    },
  }),
);
