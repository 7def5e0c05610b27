CREATE TABLE "cotacoes_frete" (
	"chave" varchar(64) PRIMARY KEY NOT NULL,
	"opcoes" jsonb NOT NULL,
	"cotado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "melhor_envio_tokens" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"expira_em" timestamp with time zone NOT NULL,
	"conectado_por" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "melhor_envio_tokens_unico_ck" CHECK ("melhor_envio_tokens"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "cotacoes_frete_cotado_idx" ON "cotacoes_frete" USING btree ("cotado_em");