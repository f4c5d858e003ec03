import { subtreeOf } from '@concilia/db';
import { FILE_ORIGINS, FILE_STATUS } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../features/auth/session.service';
import type { ReportSource } from '../report-runner';
import { opFilter } from './source-filters';
import { labelOf } from './source-labels';

/** The day a file was received, in São Paulo (the file screens' and the late-file alarms' day). */
const RECEBIDO = sql`(a.datarecebimento AT TIME ZONE 'America/Sao_Paulo')::date`;

/** The files `me` sees: owned in its part of the hierarchy; files nobody owns, only by the platform. */
const filesOf = (me: SessionUser): SQL => sql`(a.codpessoa IN ${subtreeOf(me.codpessoa)} ${me.codpessoapai === null ? sql`OR a.codpessoa IS NULL` : sql``})`;

/** Arquivos: the files the caller's part of the hierarchy sent or received. */
export const ARQUIVOS_SOURCES: Record<string, ReportSource> = {
  'arquivos-rejeitados': (me, f) => sql`
    SELECT ${RECEBIDO}::text AS recebidoem, a.nomearquivo, o.nome AS operadora,
      p.nome AS dono, ${labelOf(sql`a.origem`, FILE_ORIGINS)} AS origem, a.mensagem
    FROM arquivos a
    LEFT JOIN operadoras o ON o.codoperadora = a.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = a.codpessoa
    WHERE a.status = 'ERRO'
      AND ${RECEBIDO} BETWEEN ${f.de}::date AND ${f.ate}::date
      AND ${filesOf(me)}
      ${opFilter(sql`a.codoperadora`, f)}
    ORDER BY a.datarecebimento, a.codarquivo`,

  'arquivos-recebidos': (me, f) => sql`
    SELECT ${RECEBIDO}::text AS recebidoem, to_char(a.datarecebimento AT TIME ZONE 'America/Sao_Paulo', 'HH24:MI') AS hora, a.nomearquivo,
      o.nome AS operadora, p.nome AS dono, ${labelOf(sql`a.origem`, FILE_ORIGINS)} AS origem, a.dataenvio::text AS dataenvio,
      ${labelOf(sql`a.status`, FILE_STATUS)} AS status, a.linhas, a.repetidas, a.avisos, a.mensagem
    FROM arquivos a
    LEFT JOIN operadoras o ON o.codoperadora = a.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = a.codpessoa
    WHERE ${RECEBIDO} BETWEEN ${f.de}::date AND ${f.ate}::date AND ${filesOf(me)} ${opFilter(sql`a.codoperadora`, f)}
    ORDER BY a.datarecebimento, a.codarquivo`,

  // the merchant's own sales files have no operator: they are a line of their own
  'arquivos-resumo-diario': (me, f) => sql`
    SELECT ${RECEBIDO}::text AS recebidoem, coalesce(o.nome, 'Vendas do cliente') AS operadora, count(*)::int AS arquivos,
      count(*) FILTER (WHERE a.status = 'PROCESSADO')::int AS processados, count(*) FILTER (WHERE a.status = 'PROCESSADO_AVISOS')::int AS comavisos,
      count(*) FILTER (WHERE a.status = 'ERRO')::int AS comerro, count(*) FILTER (WHERE a.status IN ('AGUARDANDO', 'PROCESSANDO'))::int AS aguardando,
      sum(a.linhas)::int AS linhas, sum(a.repetidas)::int AS repetidas
    FROM arquivos a
    LEFT JOIN operadoras o ON o.codoperadora = a.codoperadora
    WHERE ${RECEBIDO} BETWEEN ${f.de}::date AND ${f.ate}::date AND ${filesOf(me)} ${opFilter(sql`a.codoperadora`, f)}
    GROUP BY ${RECEBIDO}, o.nome, a.codoperadora
    ORDER BY ${RECEBIDO}, o.nome NULLS LAST, a.codoperadora NULLS LAST`,
};
