CREATE TABLE "catalogo_enderecos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"nome" varchar(40) NOT NULL,
	"cep" varchar(8) NOT NULL,
	"logradouro" varchar(200) NOT NULL,
	"numero" varchar(20) NOT NULL,
	"complemento" varchar(100),
	"bairro" varchar(100) NOT NULL,
	"municipio_id" integer NOT NULL,
	"uf_id" integer NOT NULL,
	"nome_recebedor" varchar(150),
	"telefone_recebedor" varchar(11),
	"padrao" boolean DEFAULT false NOT NULL,
	"cadastro" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogo_enderecos_cep_ck" CHECK ("catalogo_enderecos"."cep" ~ '^[0-9]{8}$'),
	CONSTRAINT "catalogo_enderecos_telefone_ck" CHECK ("catalogo_enderecos"."telefone_recebedor" ~ '^[0-9]{10,11}$')
);
--> statement-breakpoint
ALTER TABLE "catalogo_enderecos" ADD CONSTRAINT "catalogo_enderecos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogo_enderecos" ADD CONSTRAINT "catalogo_enderecos_uf_id_ufs_id_fk" FOREIGN KEY ("uf_id") REFERENCES "public"."ufs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogo_enderecos" ADD CONSTRAINT "catalogo_enderecos_municipio_uf_fk" FOREIGN KEY ("municipio_id","uf_id") REFERENCES "public"."municipios"("id","uf_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogo_enderecos_cliente_idx" ON "catalogo_enderecos" USING btree ("cliente_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogo_enderecos_padrao_uq" ON "catalogo_enderecos" USING btree ("cliente_id") WHERE "catalogo_enderecos"."padrao";--> statement-breakpoint
CREATE UNIQUE INDEX "catalogo_enderecos_cadastro_uq" ON "catalogo_enderecos" USING btree ("cliente_id") WHERE "catalogo_enderecos"."cadastro";--> statement-breakpoint
-- Every client's registered address opens its address book as 'Principal', the default (docs/decisions/033-address-book.md).
INSERT INTO "catalogo_enderecos" ("cliente_id", "nome", "cep", "logradouro", "numero", "complemento", "bairro", "municipio_id", "uf_id", "padrao", "cadastro", "created_at", "updated_at")
SELECT "cliente_id", 'Principal', "cep", "logradouro", "numero", "complemento", "bairro", "municipio_id", "uf_id", true, true, "created_at", "updated_at"
FROM "enderecos" WHERE "cliente_id" IS NOT NULL ORDER BY "cliente_id";
