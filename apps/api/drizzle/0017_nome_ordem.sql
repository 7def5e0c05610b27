DROP INDEX "produtos_vitrine_categoria_idx";--> statement-breakpoint
DROP INDEX "produtos_vitrine_tipo_idx";--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_ordem" text COLLATE "C" GENERATED ALWAYS AS (f_chave_nome("nome")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "produtos_vitrine_categoria_idx" ON "produtos" USING btree ("categoria_id","nome_ordem","id") WHERE "produtos"."ativo" AND NOT "produtos"."brinde";--> statement-breakpoint
CREATE INDEX "produtos_vitrine_tipo_idx" ON "produtos" USING btree ("digital","nome_ordem","id") WHERE "produtos"."ativo" AND NOT "produtos"."brinde";