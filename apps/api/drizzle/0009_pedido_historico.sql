CREATE TABLE "pedido_historico" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"de" varchar(20),
	"para" varchar(20) NOT NULL,
	"quem" varchar(10) NOT NULL,
	"quem_id" integer,
	"quando" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedido_historico_quem_ck" CHECK ("pedido_historico"."quem" IN ('CLIENTE', 'USUARIO', 'ADMIN', 'SISTEMA')),
	CONSTRAINT "pedido_historico_para_ck" CHECK ("pedido_historico"."para" IN ('PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO'))
);
--> statement-breakpoint
ALTER TABLE "chaves_idempotencia" ADD COLUMN "dono" varchar(36);--> statement-breakpoint
ALTER TABLE "chaves_idempotencia" ADD COLUMN "bloqueada_ate" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chaves_idempotencia" ADD COLUMN "concluida_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedido_historico" ADD CONSTRAINT "pedido_historico_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_historico_pedido_idx" ON "pedido_historico" USING btree ("pedido_id","quando");