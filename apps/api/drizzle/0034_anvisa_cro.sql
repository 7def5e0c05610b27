ALTER TABLE "clientes" ADD COLUMN "cro_numero" varchar(6);--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "cro_uf" varchar(2);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "dados_cro_numero" varchar(6);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "dados_cro_uf" varchar(2);--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "anvisa_registro" varchar(13);--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "uso_profissional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_cro_ck" CHECK (("clientes"."cro_numero" IS NULL AND "clientes"."cro_uf" IS NULL) OR ("clientes"."cro_numero" ~ '^[1-9][0-9]{0,5}$' AND "clientes"."cro_uf" ~ '^[A-Z]{2}$'));--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_anvisa_registro_ck" CHECK ("produtos"."anvisa_registro" ~ '^([0-9]{11}|[0-9]{13})$');