CREATE TABLE "notificacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"texto" text NOT NULL,
	"status_pagamento" varchar(20),
	"pedido_id" integer,
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lida_em" timestamp with time zone,
	CONSTRAINT "notificacoes_tipo_ck" CHECK ("notificacoes"."tipo" IN ('pedido', 'pagamento', 'aviso'))
);
--> statement-breakpoint
ALTER TABLE "conteudos_produto" ADD COLUMN "permite_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacoes_cliente_idx" ON "notificacoes" USING btree ("cliente_id","id");--> statement-breakpoint
CREATE INDEX "notificacoes_nao_lidas_idx" ON "notificacoes" USING btree ("cliente_id") WHERE "notificacoes"."lida_em" IS NULL;