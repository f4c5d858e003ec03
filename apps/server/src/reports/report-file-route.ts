import { agendamentosRelatorio, type Db, execucoesRelatorio, perfilRecursos, recursos, subtreeOf } from '@concilia/db';
import { fillMessage, MSG, RELATORIOS_PAGE, ROUTES } from '@concilia/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { disposition } from '../downloads/download-route';
import { resolveSession } from '../features/auth/session.service';
import { parseCookies, SESSION_COOKIE } from '../http/cookies';
import { escapeHtml } from '../http/escape-html';
import { publicLink } from '../http/public-link';
import { storedBody } from '../ingest/stored-refs';
import type { FileStorage } from '../ingest/file-storage';
import { readReportLink, REPORT_FILE_PREFIX, REPORT_LINK_DAYS } from './report-files';

/** The page a refused link shows: the reason and a way into the app (the link reaches people from an e-mail, not the app). */
function refusal(config: Pick<Config, 'publicUrl'>, status: number, message: string): Response {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`
    + `<title>Concilia - Relatórios</title></head><body><p>${escapeHtml(message)}</p>`
    + `<p><a href="${escapeHtml(publicLink(config, ROUTES.relatorios.path))}">${escapeHtml(MSG.relatorioArquivoAbrirConcilia)}</a></p></body></html>`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; base-uri 'none'; form-action 'none'",
      // the address holds the token: it must not travel on to the app as a Referer
      'referrer-policy': 'no-referrer',
    },
  });
}

/**
 * GET /relatorios/arquivo/<token>: the file of a scheduled run too large to attach, byte for byte, as an attachment.
 * The token (report-files.ts) says which run and until when; the session says who asks, and only a user with the
 * Relatórios page who sees the schedule (its person in the user's subtree, as the schedule list) gets it. The checks
 * run in that order so that what a refusal tells grows with what the asker already holds: no session, nothing about
 * the link; a forged link, that it is forged; a stranger with a real link, only that it is not for them — never
 * whether the file is still there.
 */
export async function serveReportFile(request: Request, deps: { db: Db; config: Config; storage: FileStorage }, now: Date = new Date()): Promise<Response> {
  const { db, config } = deps;
  if (request.method !== 'GET') return refusal(config, 405, MSG.requisicaoInvalida);
  const me = await resolveSession(db, config, parseCookies(request.headers.get('cookie')).get(SESSION_COOKIE));
  if (!me) return refusal(config, 403, MSG.relatorioArquivoEntrar);
  if (!me.permitido) return refusal(config, 403, MSG.cadastroPendente);
  const link = readReportLink(config, new URL(request.url).pathname.slice(REPORT_FILE_PREFIX.length));
  if (!link) return refusal(config, 404, MSG.relatorioArquivoLinkInvalido);
  if (link.expiraem <= now) return refusal(config, 410, fillMessage(MSG.relatorioArquivoExpirado, { dias: REPORT_LINK_DAYS }));
  const [run] = await db.select({ arquivo: execucoesRelatorio.arquivo, sha256: execucoesRelatorio.sha256, contenttype: execucoesRelatorio.contenttype, bytes: execucoesRelatorio.bytes })
    .from(execucoesRelatorio)
    .innerJoin(agendamentosRelatorio, eq(agendamentosRelatorio.codagendamento, execucoesRelatorio.codagendamento))
    .where(and(
      eq(execucoesRelatorio.codexecucao, link.codexecucao),
      sql`${agendamentosRelatorio.codpessoa} IN ${subtreeOf(me.codpessoa)}`,
      sql`EXISTS (SELECT 1 FROM ${perfilRecursos} JOIN ${recursos} ON ${recursos.codrecurso} = ${perfilRecursos.codrecurso}
        WHERE ${perfilRecursos.codperfil} = ${me.codperfil} AND ${recursos.recurso} = ${RELATORIOS_PAGE})`,
    ));
  if (!run) return refusal(config, 403, MSG.relatorioArquivoSemAcesso);
  if (!run.sha256) return refusal(config, 404, MSG.relatorioArquivoIndisponivel);
  const body = await storedBody(deps.storage, run.sha256);
  if (!body) return refusal(config, 404, MSG.relatorioArquivoIndisponivel);
  const headers: Record<string, string> = {
    'content-type': run.contenttype ?? 'application/octet-stream',
    'content-disposition': disposition(run.arquivo ?? 'relatorio'),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  };
  if (run.bytes != null) headers['content-length'] = String(run.bytes);
  return new Response(body, { status: 200, headers });
}
