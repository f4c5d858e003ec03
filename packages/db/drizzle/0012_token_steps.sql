ALTER TABLE "tokens_acesso" ADD COLUMN "etapa" text;--> statement-breakpoint
-- Reset links still open when this runs wait for the step their user needs: the responsible person first
-- when the user has no password yet, the password otherwise.
UPDATE "tokens_acesso" t SET "etapa" = CASE WHEN u."senhahash" IS NULL THEN 'RESPONSAVEL' ELSE 'SENHA' END
FROM "usuarios" u WHERE u."codusuario" = t."codusuario" AND t."tipo" = 'TROCA_SENHA' AND t."usadoem" IS NULL;
