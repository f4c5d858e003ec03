import { offerDownload } from '../../downloads/download-store';
import { builder } from '../../graphql/builder';
import { canUpload, type Documento, documentFile, listDocuments, uploadDocument } from './documents.service';

/**
 * The registration documents of an establishment (spec part 2 §7; the rules are documents.service.ts). The file
 * travels as a part of a GraphQL multipart request (the 'File' scalar of enviarArquivo), with the session, CSRF
 * and origin guards every call has; its size and type are checked on its bytes.
 */

const DocumentoRef = builder.objectRef<Documento>('DocumentoEstabelecimento').implement({
  description: "A registration document of an establishment, as listed (never its bytes: baixarArquivoEstabelecimento fetches them)",
  fields: (t) => ({
    coddocumento: t.exposeInt('coddocumento'),
    codestabelecimento: t.exposeInt('codestabelecimento'),
    tipo: t.exposeString('tipo', { description: 'a code of DOCUMENTO_TIPOS (CARTA_AUTORIZACAO, CONTRATO_SOCIAL…)' }),
    tipoDescricao: t.exposeString('tipoDescricao', { description: "the type's label: 'Carta de autorização'…" }),
    nome: t.exposeString('nome'),
    mime: t.exposeString('mime', { description: 'the media type recognised from the bytes: application/pdf, image/jpeg or image/png' }),
    tamanho: t.exposeInt('tamanho', { description: 'bytes' }),
    status: t.exposeString('status', { description: 'PENDENTE (awaiting the back office), APROVADO or REJEITADO' }),
    motivo: t.exposeString('motivo', { nullable: true, description: 'why it was refused' }),
    enviadoem: t.exposeString('enviadoem', { description: 'ISO 8601 instant' }),
    avaliadoem: t.exposeString('avaliadoem', { nullable: true, description: 'ISO 8601 instant of the check, when checked' }),
  }),
});

builder.mutationField('uploadDocsEstabelecimento', (t) =>
  t.field({
    type: DocumentoRef,
    description:
      "Sends one registration document of an establishment the caller sees (PDF, JPEG or PNG, recognised by its bytes, up to 3,000,000 " +
      "bytes), kept as PENDENTE for the back office's check. `type` is a DOCUMENTO_TIPOS code; `name` defaults to the file's name.",
    args: {
      codestabelecimento: t.arg.int({ required: true }),
      file: t.arg({ type: 'File', required: true }),
      type: t.arg.string({ required: true }),
      name: t.arg.string({ required: false }),
    },
    resolve: async (_r, { codestabelecimento, file, type, name }, ctx) =>
      uploadDocument(ctx, await ctx.requireUser(), { codestabelecimento, file, type, name }),
  }),
);

builder.queryField('canUpload', (t) =>
  t.boolean({
    description:
      'Whether the establishment takes documents now: the caller sees it, it is ATIVO, its operator asks documents and fewer than ' +
      'DOCUMENTOS_PENDENTES_MAX of its documents await the check. False for an establishment the caller does not see.',
    args: { codestabelecimento: t.arg.int({ required: true }) },
    resolve: async (_r, { codestabelecimento }, ctx) => canUpload(ctx.db, await ctx.requireUser(), codestabelecimento),
  }),
);

builder.queryField('estabelecimentoDownload', (t) =>
  t.field({
    type: [DocumentoRef],
    description: "The documents of an establishment the caller sees, newest first, without their bytes.",
    args: { codestabelecimento: t.arg.int({ required: true }) },
    resolve: async (_r, { codestabelecimento }, ctx) => listDocuments(ctx.db, await ctx.requireUser(), codestabelecimento),
  }),
);

builder.mutationField('baixarArquivoEstabelecimento', (t) =>
  t.string({
    description: 'A document of an establishment the caller sees, byte for byte: the path (/download/…) the browser fetches it from.',
    args: { coddocumento: t.arg.int({ required: true }) },
    resolve: async (_r, { coddocumento }, ctx) => offerDownload(ctx, await documentFile(ctx.db, await ctx.requireUser(), coddocumento)),
  }),
);
