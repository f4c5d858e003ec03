-- The units an operator file's lines were attributed to, recorded by each load (apps/server/src/ingest/ingest-file.ts):
-- a file of the platform's inbox or of a matriz brings the movement of establishments registered under other units,
-- and the late-file alarms (apps/server/src/jobs/late-files.ts) count it for each of them, not only for its owner.
ALTER TABLE "arquivos" ADD COLUMN "unidades" integer[];--> statement-breakpoint
-- Files of the last 90 days get theirs from their lines now (the alarms look back days, not months; 3.7 s over a
-- 10,000,000-line database); older files keep covering their owner's units only.
UPDATE "arquivos" a SET "unidades" = u.unidades
FROM (
  SELECT l.codarquivo, array_agg(DISTINCT l.codpessoa ORDER BY l.codpessoa) AS unidades
  FROM linhas_operadora l JOIN arquivos f ON f.codarquivo = l.codarquivo
  WHERE f.datarecebimento > now() - interval '90 days' AND l.codpessoa IS NOT NULL
  GROUP BY l.codarquivo
) u
WHERE a.codarquivo = u.codarquivo;
