import { MSG, movimentosFechadosScreen, RELATORIO_FORMATOS, RELATORIO_MOVIMENTO_TIPOS } from '@concilia/domain';
import { z } from 'zod';
import { audit } from '../../audit';
import { offerDownload } from '../../downloads/download-store';
import { builder } from '../../graphql/builder';
import { AppError, fromZod } from '../../graphql/errors';
import { requirePage } from '../auth/require-page';
import { movimentoReportPdf, movimentoReportXlsx, type MovimentoResumo } from '../invoice-documents/movimento-report';
import { billedOf, fechaMovimentoText } from './billing.queries';
import { findClosedMovement } from './movimentos.source';

/**
 * gerarRelatorioMovimentosFechados (spec part 2 §7): the report of one closed movement, analytic (A) or
 * synthetic (S), as PDF or XLSX, offered for download. The screen calls it once per selected row. The movement
 * is read by its key within what the caller may see; the other values the spec sends (datainclusao, filtrode,
 * filtroate) are the row's own and are not trusted — the report is the frozen movement's.
 */

const ReportInput = builder.inputType('RelatorioMovimentoFechadoInput', {
  fields: (t) => ({
    chave: t.string({ required: true }),
    datainclusao: t.string(),
    filtrode: t.string(),
    filtroate: t.string(),
    tipo: t.string({ required: true, description: 'A (analítico) or S (sintético)' }),
    formato: t.string({ description: 'pdf (default) or xlsx' }),
  }),
});

const reportSchema = z.object({
  chave: z.string().min(1),
  tipo: z.enum(RELATORIO_MOVIMENTO_TIPOS.map((t) => t.valor) as ['A', 'S'], { message: MSG.movimentoRelatorioTipo }),
  formato: z.enum(RELATORIO_FORMATOS.map((t) => t.valor) as ['pdf', 'xlsx']).nullish(),
});

builder.mutationField('gerarRelatorioMovimentosFechados', (t) =>
  t.string({
    description: 'The report of a closed movement (tipo A analytic, S synthetic; formato pdf or xlsx): the path (/download/…) the browser fetches it from.',
    args: { values: t.arg({ type: ReportInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, movimentosFechadosScreen.page);
      const parsed = reportSchema.safeParse(values);
      if (!parsed.success) throw fromZod(parsed.error);
      const { chave, tipo } = parsed.data;
      const formato = parsed.data.formato ?? 'pdf';
      const m = await findClosedMovement(ctx, me, chave);
      if (!m) throw new AppError('FORBIDDEN', MSG.registroNaoEncontrado);
      const { linhas, mensalidades } = await billedOf(ctx.db, Number(m.codmovimento));
      const resumo = { ...(m as unknown as MovimentoResumo), fechamovimento: await fechaMovimentoText(ctx.db, Number(m.codpessoafaturador)) };
      const body = formato === 'xlsx' ? await movimentoReportXlsx(tipo, resumo, linhas, mensalidades) : await movimentoReportPdf(tipo, resumo, linhas, mensalidades);
      const nome = `movimento-${String(m.nome).normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w]+/g, '-').toLowerCase()}-${m.filtrode}-${m.filtroate}-${tipo === 'A' ? 'analitico' : 'sintetico'}.${formato}`;
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'RELATORIO_MOVIMENTO', entidade: 'movimentos', chave, dados: { tipo, formato } });
      return offerDownload(ctx, {
        fileName: nome,
        contentType: formato === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'application/pdf',
        body,
      });
    },
  }),
);
