-- Issue 12: an operator line's identity key carries the unit it is attributed to, so the de-duplication
-- across files never reaches across tenants. The load now writes md5('<codpessoa>|' || <md5 hex of the
-- record identity>) (apps/server/src/ingest/attribution.ts, operatorLineKey); lines loaded before carry the
-- md5 of the identity alone, from which that key is derived here. The pairing decisions that name an
-- operator line by its key follow first, while the old keys still find their lines. Afterwards a file loaded
-- before this migration reprocesses into identical lines, and its lines are still recognised as repeats.
UPDATE "decisoes_pareamento" d
SET "chaveoperadora" = md5(coalesce(o."codpessoa"::text, '') || '|' || replace(o."chave"::text, '-', ''))::uuid
FROM "linhas_operadora" o
WHERE o."data" = d."dataoperadora" AND o."chave" = d."chaveoperadora" AND o."ocorrencia" = d."ocorrenciaoperadora";--> statement-breakpoint
UPDATE "linhas_operadora"
SET "chave" = md5(coalesce("codpessoa"::text, '') || '|' || replace("chave"::text, '-', ''))::uuid;
