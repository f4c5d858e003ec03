import { faturamentoMovimentoScreen } from '@concilia/domain';
import { audit } from '../../audit';
import { offerDownload } from '../../downloads/download-store';
import { builder } from '../../graphql/builder';
import { AppError } from '../../graphql/errors';
import { requirePage } from '../auth/require-page';
import { acceptInvoice, type InfoNota, infoNota, mailInvoice, previewInvoice, processInvoice } from './invoice.service';

/**
 * The invoice calls of Faturamento Movimento (spec part 2 §7 "Service invoice"; the work is invoice.service.ts):
 * getInfoNota, previsualizarNota and faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota, each on one
 * movement (values.chave) the caller bills, behind the screen's page.
 */

const page = faturamentoMovimentoScreen.page;

const InfoNotaRef = builder.objectRef<InfoNota>('InfoNota').implement({
  description: "A movement's service invoice as Visualizar Nota shows it.",
  fields: (t) => ({
    status: t.exposeString('status', { description: "Situação: 'Não processada', 'Autorizada', 'Rejeitada' or 'Aceita sem nota'" }),
    chave: t.exposeString('chave', { description: "The movement's key" }),
    numeronota: t.exposeString('numeronota', { nullable: true }),
    protocolo: t.exposeString('protocolo', { nullable: true }),
    mensagem: t.exposeString('mensagem', { nullable: true, description: "The provider's message (rejection reasons), at most 500 characters" }),
    reenviaremail: t.exposeBoolean('reenviaremail'),
    reenviarnota: t.exposeBoolean('reenviarnota'),
  }),
});

const ChaveInput = builder.inputType('NotaChaveInput', {
  fields: (t) => ({ chave: t.string({ required: true }), apurado: t.boolean() }),
});

const OPERACOES = ['reenviarEmail', 'reenviarNota', 'aceitar', 'processar'] as const;
const OperacaoNota = builder.enumType('OperacaoNota', { values: OPERACOES });
const OperacaoInput = builder.inputType('NotaOperacaoInput', {
  fields: (t) => ({ chave: t.string({ required: true }), apurado: t.boolean(), operacao: t.field({ type: OperacaoNota, required: true }) }),
});

builder.queryField('getInfoNota', (t) =>
  t.field({
    type: InfoNotaRef,
    args: { values: t.arg({ type: ChaveInput, required: true }) },
    resolve: async (_r, { values }, ctx) => infoNota(ctx, await requirePage(ctx, page), values.chave),
  }),
);

builder.mutationField('previsualizarNota', (t) =>
  t.string({
    description: "The DANFSE of the movement's invoice as a PDF (a preview without fiscal value until it is issued): the path (/download/…) the browser fetches it from.",
    args: { values: t.arg({ type: ChaveInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, page);
      const pdf = await previewInvoice(ctx, me, values.chave);
      return offerDownload(ctx, { fileName: `nfse-previa-${values.chave.slice(0, 8)}.pdf`, contentType: 'application/pdf', body: pdf });
    },
  }),
);

builder.mutationField('faturamentoMovimentoReenviarEmailNotaAceitarReenviarNota', (t) =>
  t.boolean({
    description: "One invoice action on a movement: processar (issue it), reenviarNota (send a rejected one again), aceitar (settle a rejected one without invoice), reenviarEmail (e-mail an authorized one again). Issuing is once: an authorized invoice is never issued twice.",
    args: { values: t.arg({ type: OperacaoInput, required: true }) },
    resolve: async (_r, { values }, ctx) => {
      const me = await requirePage(ctx, page);
      const { chave, operacao } = values;
      if (operacao === 'processar' || operacao === 'reenviarNota') {
        const r = await processInvoice(ctx, me, chave);
        await audit(ctx.db, { codusuario: me.codusuario, acao: `NOTA_${operacao.toUpperCase()}`, entidade: 'movimentos', chave, dados: { status: r?.status ?? 'JA_EMITIDA' } });
        // a rejection is the provider's answer, not a failure of the call: Visualizar Nota shows its message
        if (r?.status === 'REJEITADA') throw new AppError('BAD_USER_INPUT', `Nota rejeitada: ${r.mensagem ?? ''}`.trim());
        return true;
      }
      if (operacao === 'aceitar') await acceptInvoice(ctx, me, chave);
      else await mailInvoice(ctx, me, chave);
      await audit(ctx.db, { codusuario: me.codusuario, acao: `NOTA_${operacao.toUpperCase()}`, entidade: 'movimentos', chave });
      return true;
    },
  }),
);
