ALTER TABLE "pedidos" ADD COLUMN "cupom_codigo" varchar(30);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "desconto_cupom" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "cupom_acumula_pix" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "frete_gratis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_desconto_cupom_ck" CHECK ("pedidos"."desconto_cupom" >= 0);