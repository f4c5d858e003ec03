-- Housekeeping asks, at every expired download offer, whether a received file still holds the same stored bytes
-- (apps/server/src/ingest/stored-refs.ts): by the key alone, which arquivos_sha_idx (owner first) does not serve.
CREATE INDEX "arquivos_sha256_idx" ON "arquivos" USING btree ("sha256");