CREATE TABLE "pessoa_tefs" (
	"codpessoa" integer NOT NULL,
	"codtefs" integer NOT NULL,
	CONSTRAINT "pessoa_tefs_pk" PRIMARY KEY("codpessoa","codtefs")
);
--> statement-breakpoint
CREATE TABLE "tefs" (
	"codtefs" serial PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	CONSTRAINT "tefs_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
ALTER TABLE "pessoa_tefs" ADD CONSTRAINT "pessoa_tefs_codpessoa_pessoas_codpessoa_fk" FOREIGN KEY ("codpessoa") REFERENCES "public"."pessoas"("codpessoa") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoa_tefs" ADD CONSTRAINT "pessoa_tefs_codtefs_tefs_codtefs_fk" FOREIGN KEY ("codtefs") REFERENCES "public"."tefs"("codtefs") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The TEF solutions Brazilian checkouts commonly run; masters add others from the Tefs drawer.
INSERT INTO "tefs" ("nome") VALUES ('SiTef (Software Express)'), ('PayGo'), ('Linx TEF'), ('Auttar'), ('Scope (Itautec)') ON CONFLICT ("nome") DO NOTHING;
