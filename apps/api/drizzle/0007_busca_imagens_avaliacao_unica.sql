CREATE TABLE "imagens" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" varchar(500) NOT NULL,
	"largura" integer NOT NULL,
	"altura" integer NOT NULL,
	"variantes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imagens_dimensoes_ck" CHECK ("imagens"."largura" > 0 AND "imagens"."altura" > 0),
	CONSTRAINT "imagens_variantes_ck" CHECK (jsonb_typeof("imagens"."variantes") = 'array' AND jsonb_array_length("imagens"."variantes") > 0)
);
--> statement-breakpoint
DROP INDEX "avaliacoes_cliente_idx";--> statement-breakpoint
DROP INDEX "produtos_nome_trgm_idx";--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "nome_busca" text GENERATED ALWAYS AS (f_unaccent(lower("nome"))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "busca" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('portuguese'::regconfig, f_unaccent("nome")), 'A') || setweight(to_tsvector('portuguese'::regconfig, f_unaccent(coalesce("descricao", ''))), 'B')) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "imagens_path_uq" ON "imagens" USING btree ("path");--> statement-breakpoint
CREATE UNIQUE INDEX "avaliacoes_cliente_produto_uq" ON "avaliacoes" USING btree ("cliente_id","produto_id");--> statement-breakpoint
CREATE INDEX "produtos_busca_idx" ON "produtos" USING gin ("busca");--> statement-breakpoint
CREATE INDEX "produtos_nome_trgm_idx" ON "produtos" USING gin ("nome_busca" gin_trgm_ops);