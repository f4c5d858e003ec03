import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ReportDef, type ReportFormat, REPORTS, RELATORIOS_PAGE } from '@concilia/domain';
import { audit } from '../audit';
import { DOWNLOAD_TTL_MS, offerDownload } from '../downloads/download-store';
import { requirePage } from '../features/auth/require-page';
import { builder } from '../graphql/builder';
import { AppError } from '../graphql/errors';
import { actionFormInput } from '../register-kit/graphql-types';
import { checkedFilter, runReport } from './report-runner';
import { REPORT_SOURCES } from './sources';

/**
 * One call per generator (spec part 2 §7: "each takes a filter object and returns a file name, a date and a
 * message"): gerarRelatorio…(filtro, formato) runs it for the caller and offers the file for download. The filter's
 * input type is built from the declaration's fields, so the API checks what the form checks.
 */

type Gerado = { arquivo: string; data: string; mensagem: string; linhas: number; download: string };

const GeradoRef = builder.objectRef<Gerado>('RelatorioGerado').implement({
  description: 'A generated report: its file name, when, what the runner says of it, and the path the browser fetches it from',
  fields: (t) => ({
    arquivo: t.exposeString('arquivo'),
    data: t.exposeString('data'),
    mensagem: t.exposeString('mensagem'),
    linhas: t.exposeInt('linhas'),
    download: t.exposeString('download'),
  }),
});

/** Where on-demand files are written; each is removed once offered (the offer keeps it in the file store), or by a later run when a crash left it. */
const TMP = path.join(os.tmpdir(), 'concilia-relatorios');

async function sweepStale(now: number) {
  const names = await fs.promises.readdir(TMP).catch(() => [] as string[]);
  for (const n of names) {
    const p = path.join(TMP, n);
    const st = await fs.promises.stat(p).catch(() => null);
    if (st && now - st.mtimeMs > 2 * DOWNLOAD_TTL_MS) await fs.promises.rm(p, { force: true });
  }
}

const pascal = (key: string) => key.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

function generatorCall(def: ReportDef) {
  const source = REPORT_SOURCES[def.key];
  if (!source) throw new Error(`report ${def.key} has no source`);
  const filtroInput = actionFormInput({ typeName: `Relatorio${pascal(def.key)}Filtro`, fields: def.filter, schema: undefined as never });
  builder.mutationField(def.operation, (t) =>
    t.field({
      type: GeradoRef,
      description: `${def.title}: ${def.description}`,
      args: {
        filtro: t.arg({ type: filtroInput, required: true }),
        formato: t.arg.string({ required: false, defaultValue: def.formats[0] }),
      },
      resolve: async (_r, { filtro, formato }, ctx) => {
        const me = await requirePage(ctx, RELATORIOS_PAGE);
        const fmt = (formato ?? def.formats[0]) as ReportFormat;
        if (!def.formats.includes(fmt)) throw new AppError('BAD_USER_INPUT', `Formato deve ser ${def.formats.join(', ')}.`);
        const checked = checkedFilter(def, filtro);
        await sweepStale(Date.now());
        const file = await runReport(ctx.db, TMP, me, def, source, checked, fmt);
        await audit(ctx.db, { codusuario: me.codusuario, acao: 'GERAR_RELATORIO', entidade: def.key, dados: { filtro: checked, formato: fmt, linhas: file.linhas } });
        let download: string;
        try {
          download = await offerDownload(ctx, {
            fileName: file.arquivo, contentType: file.contentType, body: () => fs.createReadStream(file.caminho),
          });
        } finally {
          // the offer streamed it into the file store, where any web process serves it
          await fs.promises.rm(file.caminho, { force: true });
        }
        return { arquivo: file.arquivo, data: file.data, mensagem: file.mensagem, linhas: file.linhas, download };
      },
    }),
  );
}

for (const def of REPORTS) generatorCall(def);
