CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"permissao" varchar(10) NOT NULL,
	"entidade" varchar(20) NOT NULL,
	"entidade_id" integer NOT NULL,
	"acao" varchar(30) NOT NULL,
	"antes" jsonb,
	"depois" jsonb,
	"quando" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auditoria_permissao_ck" CHECK ("auditoria"."permissao" IN ('ADMIN', 'USUARIO', 'CLIENTE'))
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "codigo_rastreio" varchar(50);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "enviado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "entregue_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auditoria_entidade_idx" ON "auditoria" USING btree ("entidade","entidade_id","quando");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id","quando");