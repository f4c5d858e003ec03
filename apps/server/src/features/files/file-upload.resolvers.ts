import { isGiven, manutencaoArquivosScreen, MSG, UPLOAD_LIMITS, uploadTooLarge } from '@concilia/domain';
import { GraphQLError } from 'graphql';
import { audit } from '../../audit';
import { builder } from '../../graphql/builder';
import { AppError } from '../../graphql/errors';
import { attributionScope, isWithinScope } from '../../ingest/attribution';
import type { ReceivedFile } from '../../ingest/receive-file';
import { requirePage } from '../auth/require-page';

/**
 * The upload of Manutenção de Arquivos. Why a GraphQL multipart request (Yoga reads the GraphQL multipart
 * request spec) and not a route of its own: the spec has every call go through the one GraphQL endpoint,
 * and there the upload gets for free what every call has — the session, the screen's permission, the CSRF
 * and origin guards (multipart is a "simple" content type, so the CSRF header is required) and error
 * masking. One file per request (spec §9 "one file at a time"): the body limit for multipart grows to one
 * file's limit only, and the browser's XMLHttpRequest reports each file's upload progress.
 */
const FileScalar = builder.scalarType('File', {
  description: 'A file of a multipart request (GraphQL multipart request spec)',
  serialize: () => {
    throw new GraphQLError('File is an input only');
  },
  // Yoga hands the part over as its fetch implementation's File (not always Node's own class): a duck check
  parseValue: (v) => {
    const f = v as File | null;
    if (!f || typeof f.stream !== 'function' || typeof f.name !== 'string') throw new GraphQLError(MSG.uploadInvalido);
    return f;
  },
});

const ArquivoEnviadoRef = builder.objectRef<ReceivedFile>('ArquivoEnviado').implement({
  description: 'A file received through the screen: its code, its status right now and any message',
  fields: (t) => ({
    codarquivo: t.exposeInt('codarquivo'),
    status: t.exposeString('status'),
    mensagem: t.exposeString('mensagem', { nullable: true }),
    duplicate: t.exposeBoolean('duplicate', { description: 'the same bytes were already received: nothing new was loaded' }),
  }),
});

builder.mutationField('enviarArquivo', (t) =>
  t.field({
    type: ArquivoEnviadoRef,
    description:
      'Receives one operator or customer file into the ingestion pipeline (origem UPLOAD), owned by the chosen Unidade ' +
      'Conciliadora or else by the caller\'s own person (at the top of the hierarchy: by the unit of the establishment ' +
      'in the file\'s header). Operator lines go to the unit of their establishment only inside the caller\'s part of the ' +
      'hierarchy: a line of an establishment registered elsewhere ends the file in ERRO with nothing loaded. ' +
      'The load runs in the background: poll listarManutencaoArquivos for its status.',
    args: { arquivo: t.arg({ type: FileScalar, required: true }), codpessoa: t.arg.int({ required: false }) },
    resolve: async (_r, { arquivo, codpessoa }, ctx) => {
      const me = await requirePage(ctx, manutencaoArquivosScreen.page);
      if (arquivo.size > UPLOAD_LIMITS.maxBytes) throw new AppError('BAD_USER_INPUT', uploadTooLarge());
      let owner: number | null = me.codpessoapai === null ? null : me.codpessoa;
      if (isGiven(codpessoa)) {
        // the chosen unit obeys the rule the file's lines will: inside the uploader's part of the hierarchy
        const scope = await attributionScope(ctx.db, { origem: 'UPLOAD', codusuario: me.codusuario });
        if (!(await isWithinScope(ctx.db, scope, codpessoa))) throw new AppError('FORBIDDEN', MSG.semPermissao);
        owner = codpessoa;
      }
      const received = await ctx.ingestion.receive({
        source: arquivo.stream() as unknown as AsyncIterable<Uint8Array>,
        name: arquivo.name || 'arquivo',
        origem: 'UPLOAD',
        codpessoa: owner,
        codusuario: me.codusuario,
      });
      await audit(ctx.db, { codusuario: me.codusuario, acao: 'ENVIAR', entidade: 'arquivos', chave: received.codarquivo, dados: { nome: arquivo.name, tamanho: arquivo.size } });
      return received;
    },
  }),
);
