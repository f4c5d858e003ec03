-- Issue 22, more web processes: a download offer (/download/<token>, taken once within 5 minutes) was kept in the
-- memory of the process that made it, so a GET that reached another process found nothing. The offers move here and
-- their bodies to the shared file store (by SHA-256), so any process serves any offer; only the token's SHA-256 is
-- kept. Housekeeping deletes them once expired (by expiraem) and the bytes nothing else refers to (by sha256).
CREATE TABLE "downloads_oferecidos" (
	"tokenhash" text PRIMARY KEY NOT NULL,
	"codusuario" integer NOT NULL,
	"nomearquivo" text NOT NULL,
	"contenttype" text NOT NULL,
	"sha256" text NOT NULL,
	"tamanho" bigint,
	"expiraem" timestamp with time zone NOT NULL,
	"tomadaem" timestamp with time zone,
	"criadaem" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "downloads_oferecidos" ADD CONSTRAINT "downloads_oferecidos_codusuario_usuarios_codusuario_fk" FOREIGN KEY ("codusuario") REFERENCES "public"."usuarios"("codusuario") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "downloads_oferecidos_expiraem_idx" ON "downloads_oferecidos" USING btree ("expiraem");--> statement-breakpoint
CREATE INDEX "downloads_oferecidos_sha256_idx" ON "downloads_oferecidos" USING btree ("sha256");
