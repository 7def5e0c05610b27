CREATE TABLE "notas_fiscais" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"provedor" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'pendente' NOT NULL,
	"provider_id" varchar(100),
	"numero" integer,
	"serie" integer,
	"chave_acesso" varchar(44),
	"pdf_url" text,
	"xml_url" text,
	"dados" jsonb,
	"motivo_falha" text,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"emitida_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notas_fiscais_status_ck" CHECK ("notas_fiscais"."status" IN ('pendente', 'emitida', 'falhou')),
	CONSTRAINT "notas_fiscais_emitida_ck" CHECK ("notas_fiscais"."status" <> 'emitida' OR ("notas_fiscais"."numero" IS NOT NULL AND "notas_fiscais"."chave_acesso" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "ncm" varchar(8);--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "cfop" varchar(4);--> statement-breakpoint
ALTER TABLE "notas_fiscais" ADD CONSTRAINT "notas_fiscais_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_pedido_uq" ON "notas_fiscais" USING btree ("pedido_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notas_fiscais_chave_uq" ON "notas_fiscais" USING btree ("chave_acesso");--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_ncm_ck" CHECK ("produtos"."ncm" ~ '^[0-9]{8}$');--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_cfop_ck" CHECK ("produtos"."cfop" ~ '^[0-9]{4}$');