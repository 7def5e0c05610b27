CREATE TABLE "regras_comerciais" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"max_parcelas" integer DEFAULT 1 NOT NULL,
	"parcelas_sem_juros" integer DEFAULT 1 NOT NULL,
	"juros_mensal_centesimos" integer DEFAULT 0 NOT NULL,
	"parcela_minima" numeric(12, 2) DEFAULT 0 NOT NULL,
	"pix_desconto_centesimos" integer DEFAULT 0 NOT NULL,
	"boleto_ativo" boolean DEFAULT true NOT NULL,
	"boleto_dias_uteis" integer DEFAULT 3 NOT NULL,
	"boleto_dias_tolerancia" integer DEFAULT 2 NOT NULL,
	"boleto_pre_selecionado_empresa" boolean DEFAULT false NOT NULL,
	"frete_gratis_ativo" boolean DEFAULT false NOT NULL,
	"frete_gratis_valor_minimo" numeric(12, 2) DEFAULT 0 NOT NULL,
	"frete_gratis_ufs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"frete_gratis_servicos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regras_comerciais_unica_ck" CHECK ("regras_comerciais"."id" = 1),
	CONSTRAINT "regras_comerciais_parcelas_ck" CHECK ("regras_comerciais"."parcelas_sem_juros" BETWEEN 1 AND "regras_comerciais"."max_parcelas" AND "regras_comerciais"."max_parcelas" <= 24),
	CONSTRAINT "regras_comerciais_juros_ck" CHECK ("regras_comerciais"."juros_mensal_centesimos" BETWEEN 0 AND 2000),
	CONSTRAINT "regras_comerciais_pix_ck" CHECK ("regras_comerciais"."pix_desconto_centesimos" BETWEEN 0 AND 5000),
	CONSTRAINT "regras_comerciais_boleto_ck" CHECK ("regras_comerciais"."boleto_dias_uteis" BETWEEN 1 AND 30 AND "regras_comerciais"."boleto_dias_tolerancia" BETWEEN 0 AND 30),
	CONSTRAINT "regras_comerciais_valores_ck" CHECK ("regras_comerciais"."parcela_minima" >= 0 AND "regras_comerciais"."frete_gratis_valor_minimo" >= 0)
);
--> statement-breakpoint
-- The single row, with neutral values (cash only, no PIX discount, no free shipping); the demo seed sets its own.
INSERT INTO "regras_comerciais" ("id") VALUES (1);--> statement-breakpoint
-- The product cards show the installment and PIX offers: a change raises the catalogue's version (ADR 021).
CREATE CONSTRAINT TRIGGER "regras_comerciais_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "regras_comerciais" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();
