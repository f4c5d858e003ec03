import { subtreeOf } from '@concilia/db';
import { FILE_ORIGINS, FILE_STATUS, INTEGRACAO_PROTOCOLO_OPCOES, INTEGRACAO_TIPOS, MSG } from '@concilia/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { SessionUser } from '../../features/auth/session.service';
import type { ReportSource } from '../report-runner';
import { opFilter, unitFilter } from './source-filters';
import { labelOf, vocabularyOf } from './source-labels';

/** The day a file was received, in São Paulo (the file screens' and the late-file alarms' day). */
const RECEBIDO = sql`(a.datarecebimento AT TIME ZONE 'America/Sao_Paulo')::date`;

/** A moment as São Paulo's 'DD/MM/YYYY HH:MI' (null stays null). */
const momento = (col: SQL): SQL => sql`to_char(${col} AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY HH24:MI')`;

/** estabelecimentos.situacao, as the establishment screens name it. */
const SITUACOES_ESTABELECIMENTO = { ATIVO: 'Ativo', SUSPENSO: 'Suspenso', CANCELADO: 'Cancelado', CANCELADOEC: 'Cancelado pelo estabelecimento' };
/** execucoes_integracao.status, as the Integrações screen names it. */
const EXECUCAO_STATUS = { EXECUTANDO: MSG.relatoriosStatusExecutando, ENTREGUE: MSG.relatoriosStatusEntregue, ERRO: MSG.relatoriosStatusErro };

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
  // hours open until it was cleared, or until now while it is still open
  'arquivos-alarmes': (me, f) => sql`
    SELECT al.data::text AS data, o.nome AS operadora, e.codexterno AS estabelecimento, e.nome AS nomeestabelecimento, p.nome AS unidade,
      ${momento(sql`al.abertoem`)} AS abertoem, CASE WHEN al.resolvidoem IS NULL THEN 'Em aberto' ELSE 'Resolvido' END AS situacao,
      ${momento(sql`al.resolvidoem`)} AS resolvidoem, a.nomearquivo,
      floor(extract(epoch FROM coalesce(al.resolvidoem, now()) - al.abertoem) / 3600)::int AS horasatraso
    FROM alarmes_arquivo al
    JOIN estabelecimentos e ON e.codestabelecimento = al.codestabelecimento
    JOIN operadoras o ON o.codoperadora = e.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = e.codpessoa
    LEFT JOIN arquivos a ON a.codarquivo = al.codarquivo
    WHERE al.data BETWEEN ${f.de}::date AND ${f.ate}::date
      AND e.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`e.codoperadora`, f)} ${unitFilter(sql`e.codpessoa`, f)}
    ORDER BY al.data, o.nome, e.codexterno, e.codestabelecimento`,

  // "a file of the establishment" as the late-file alarms read it (jobs/late-files.ts): an operator file of its
  // operator, not in error, owned by its unit or by a client or unit above it. The last one up to the period's end;
  // the days without a file count to it, or to today when it ends later
  'arquivos-ultimo-recebimento': (me, f) => sql`
    WITH RECURSIVE cobre(codestabelecimento, dono) AS (
      SELECT e.codestabelecimento, e.codpessoa FROM estabelecimentos e WHERE e.codpessoa IN ${subtreeOf(me.codpessoa)}
      UNION ALL
      SELECT c.codestabelecimento, p.codpessoapai FROM cobre c
      JOIN pessoas p ON p.codpessoa = c.dono
      JOIN pessoas pai ON pai.codpessoa = p.codpessoapai AND pai.tipo IN ('CLIENTE', 'UNIDADE')
    ),
    recebidos AS (
      SELECT c.codestabelecimento, a.codarquivo, a.nomearquivo, a.datarecebimento, ${RECEBIDO} AS dia
      FROM cobre c
      JOIN estabelecimentos e ON e.codestabelecimento = c.codestabelecimento
      JOIN arquivos a ON a.codpessoa = c.dono AND a.codoperadora = e.codoperadora AND a.status <> 'ERRO'
      WHERE ${RECEBIDO} <= ${f.ate}::date
    ),
    ultimo AS (
      SELECT DISTINCT ON (r.codestabelecimento) r.codestabelecimento, r.nomearquivo, r.dia
      FROM recebidos r ORDER BY r.codestabelecimento, r.datarecebimento DESC, r.codarquivo DESC
    ),
    periodo AS (
      SELECT r.codestabelecimento, count(*)::int AS arquivos FROM recebidos r WHERE r.dia >= ${f.de}::date GROUP BY r.codestabelecimento
    ),
    alarmes AS (
      SELECT al.codestabelecimento, count(*)::int AS abertos FROM alarmes_arquivo al WHERE al.resolvidoem IS NULL GROUP BY al.codestabelecimento
    )
    SELECT o.nome AS operadora, e.codexterno AS estabelecimento, e.nome AS nomeestabelecimento, p.nome AS unidade,
      ${labelOf(sql`e.situacao`, SITUACOES_ESTABELECIMENTO)} AS situacao, coalesce(n.arquivos, 0) AS arquivos,
      u.dia::text AS ultimorecebimento, u.nomearquivo AS ultimoarquivo,
      least(${f.ate}::date, (now() AT TIME ZONE 'America/Sao_Paulo')::date) - u.dia AS diassemarquivo, coalesce(al.abertos, 0) AS alarmesabertos
    FROM estabelecimentos e
    JOIN operadoras o ON o.codoperadora = e.codoperadora
    LEFT JOIN pessoas p ON p.codpessoa = e.codpessoa
    LEFT JOIN ultimo u ON u.codestabelecimento = e.codestabelecimento
    LEFT JOIN periodo n ON n.codestabelecimento = e.codestabelecimento
    LEFT JOIN alarmes al ON al.codestabelecimento = e.codestabelecimento
    WHERE e.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`e.codoperadora`, f)}
    ORDER BY o.nome, e.codoperadora, e.codexterno, e.codestabelecimento`,

  // a schedule belongs to the client that set it up (agendamentos_integracao.codpessoa)
  'arquivos-integracoes': (me, f) => sql`
    SELECT x.datamovimento::text AS datamovimento, c.nome AS cliente, ${labelOf(sql`g.tipo`, vocabularyOf(INTEGRACAO_TIPOS))} AS layout,
      o.nome AS operadora, ${labelOf(sql`g.protocolo`, vocabularyOf(INTEGRACAO_PROTOCOLO_OPCOES))} AS protocolo,
      ${labelOf(sql`x.status`, EXECUCAO_STATUS)} AS status, x.tentativas, ${momento(sql`x.terminadoem`)} AS terminadoem, x.arquivo, x.linhas, x.mensagem
    FROM execucoes_integracao x
    JOIN agendamentos_integracao g ON g.codagendamentointegracao = x.codagendamentointegracao
    JOIN pessoas c ON c.codpessoa = g.codpessoa
    LEFT JOIN operadoras o ON o.codoperadora = g.codoperadora
    WHERE x.datamovimento BETWEEN ${f.de}::date AND ${f.ate}::date
      AND g.codpessoa IN ${subtreeOf(me.codpessoa)} ${opFilter(sql`g.codoperadora`, f)}
    ORDER BY x.datamovimento, c.nome, g.codagendamentointegracao, x.codexecucao`,
};
