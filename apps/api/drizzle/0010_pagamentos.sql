CREATE TABLE "pagamento_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provedor" varchar(20) NOT NULL,
	"evento_id" varchar(120) NOT NULL,
	"provider_id" varchar(64) NOT NULL,
	"acao" varchar(60),
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recebido_em" timestamp with time zone DEFAULT now() NOT NULL,
	"processado_em" timestamp with time zone,
	CONSTRAINT "pagamento_eventos_provedor_ck" CHECK ("pagamento_eventos"."provedor" IN ('sandbox', 'mercadopago'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_cartoes" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"primeiros_seis" varchar(6) NOT NULL,
	"ultimos_quatro" varchar(4) NOT NULL,
	"payment_method_id" varchar(40) NOT NULL,
	"titular" varchar(150) NOT NULL,
	"documento" varchar(20),
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_cartoes_seis_ck" CHECK ("sandbox_cartoes"."primeiros_seis" ~ '^[0-9]{6}$'),
	CONSTRAINT "sandbox_cartoes_quatro_ck" CHECK ("sandbox_cartoes"."ultimos_quatro" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_pagamentos" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"status" varchar(30) NOT NULL,
	"status_detalhe" varchar(100),
	"valor" numeric(12, 2) NOT NULL,
	"referencia" varchar(64),
	"chave" varchar(120) NOT NULL,
	"txid" varchar(25),
	"qr_code" text,
	"expira_em" timestamp with time zone,
	"payment_method_id" varchar(40),
	"last_four" varchar(4),
	"aprovado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_pagamentos_status_ck" CHECK ("sandbox_pagamentos"."status" IN ('pending', 'approved', 'authorized', 'in_process', 'in_mediation', 'rejected', 'cancelled', 'refunded', 'charged_back'))
);
--> statement-breakpoint
DROP INDEX "pagamentos_provider_uq";--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "provedor" varchar(20) DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "chave_provedor" varchar(120);--> statement-breakpoint
CREATE UNIQUE INDEX "pagamento_eventos_evento_uq" ON "pagamento_eventos" USING btree ("provedor","evento_id");--> statement-breakpoint
CREATE INDEX "pagamento_eventos_provider_idx" ON "pagamento_eventos" USING btree ("provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pagamentos_chave_uq" ON "sandbox_pagamentos" USING btree ("chave");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pagamentos_txid_uq" ON "sandbox_pagamentos" USING btree ("txid");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_aprovado_uq" ON "pagamentos" USING btree ("pedido_id") WHERE "pagamentos"."status" = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_pix_vivo_uq" ON "pagamentos" USING btree ("pedido_id") WHERE "pagamentos"."tipo" = 'pix' AND "pagamentos"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_provider_uq" ON "pagamentos" USING btree ("provedor","provider_id");--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_status_ck" CHECK ("pagamentos"."status" IN ('pending', 'approved', 'authorized', 'in_process', 'in_mediation', 'rejected', 'cancelled', 'refunded', 'charged_back'));--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_provedor_ck" CHECK ("pagamentos"."provedor" IN ('sandbox', 'mercadopago'));