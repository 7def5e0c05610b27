CREATE TABLE "certificados" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(14) NOT NULL,
	"cliente_id" integer NOT NULL,
	"produto_id" integer,
	"nome_cliente" varchar(150) NOT NULL,
	"curso" varchar(150) NOT NULL,
	"carga_horaria" varchar(30),
	"concluido_em" timestamp with time zone NOT NULL,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificados_codigo_uq" UNIQUE("codigo"),
	CONSTRAINT "certificados_cliente_produto_uq" UNIQUE("cliente_id","produto_id"),
	CONSTRAINT "certificados_codigo_ck" CHECK ("certificados"."codigo" ~ '^[0-9A-HJKMNP-TV-Z]{14}$')
);
--> statement-breakpoint
CREATE TABLE "progresso_conteudos" (
	"usuario_id" integer NOT NULL,
	"conteudo_id" integer NOT NULL,
	"concluido" boolean DEFAULT false NOT NULL,
	"concluido_em" timestamp with time zone,
	"posicao_segundos" integer DEFAULT 0 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "progresso_conteudos_usuario_id_conteudo_id_pk" PRIMARY KEY("usuario_id","conteudo_id"),
	CONSTRAINT "progresso_conteudos_posicao_ck" CHECK ("progresso_conteudos"."posicao_segundos" >= 0),
	CONSTRAINT "progresso_conteudos_concluido_ck" CHECK ("progresso_conteudos"."concluido" = ("progresso_conteudos"."concluido_em" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "certificados" ADD CONSTRAINT "certificados_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificados" ADD CONSTRAINT "certificados_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progresso_conteudos" ADD CONSTRAINT "progresso_conteudos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progresso_conteudos" ADD CONSTRAINT "progresso_conteudos_conteudo_id_conteudos_produto_id_fk" FOREIGN KEY ("conteudo_id") REFERENCES "public"."conteudos_produto"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "progresso_conteudos_conteudo_idx" ON "progresso_conteudos" USING btree ("conteudo_id");