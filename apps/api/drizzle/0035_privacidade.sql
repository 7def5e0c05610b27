CREATE TABLE "consentimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"finalidade" varchar(30) NOT NULL,
	"concedido" boolean NOT NULL,
	"versao_texto" varchar(20) NOT NULL,
	"origem" varchar(20) NOT NULL,
	"quando" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consentimentos_finalidade_ck" CHECK ("consentimentos"."finalidade" IN ('ofertas_email')),
	CONSTRAINT "consentimentos_origem_ck" CHECK ("consentimentos"."origem" IN ('cadastro', 'perfil', 'descadastro', 'equipe', 'anterior'))
);
--> statement-breakpoint
ALTER TABLE "clientes" DROP CONSTRAINT "clientes_documento_ck";--> statement-breakpoint
ALTER TABLE "clientes" DROP CONSTRAINT "clientes_telefone_ck";--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "anonimizado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consentimentos" ADD CONSTRAINT "consentimentos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consentimentos_cliente_idx" ON "consentimentos" USING btree ("cliente_id","quando");--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_documento_ck" CHECK ("clientes"."anonimizado_em" IS NOT NULL OR (NOT "clientes"."juridica" AND "clientes"."nome" IS NOT NULL AND "clientes"."cpf" IS NOT NULL) OR ("clientes"."juridica" AND "clientes"."razao_social" IS NOT NULL AND "clientes"."cnpj" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_telefone_ck" CHECK ("clientes"."telefone" ~ '^[0-9]{10,11}$' OR "clientes"."anonimizado_em" IS NOT NULL);--> statement-breakpoint
-- The choices made before the history existed (ADR 038): one row per client who ever chose, with the moment kept.
INSERT INTO "consentimentos" ("cliente_id", "finalidade", "concedido", "versao_texto", "origem", "quando")
SELECT "id", 'ofertas_email', "ofertas_email", '2026-11-27', 'anterior', "ofertas_email_em"
FROM "clientes" WHERE "ofertas_email_em" IS NOT NULL;
