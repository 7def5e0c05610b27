CREATE TABLE "autores" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"sobre" text,
	"nome_img" varchar(255),
	"path_img" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avaliacoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"nota" numeric(2, 1) NOT NULL,
	"comentario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avaliacoes_nota_ck" CHECK ("avaliacoes"."nota" BETWEEN 1 AND 5 AND "avaliacoes"."nota" * 2 = floor("avaliacoes"."nota" * 2))
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"digital" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clientes" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"juridica" boolean DEFAULT false NOT NULL,
	"nome" varchar(150),
	"cpf" varchar(11),
	"razao_social" varchar(150),
	"cnpj" varchar(14),
	"inscricao_estadual" varchar(20),
	"telefone" varchar(11) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clientes_usuario_id_unique" UNIQUE("usuario_id"),
	CONSTRAINT "clientes_cpf_unique" UNIQUE("cpf"),
	CONSTRAINT "clientes_cnpj_unique" UNIQUE("cnpj"),
	CONSTRAINT "clientes_documento_ck" CHECK ((NOT "clientes"."juridica" AND "clientes"."nome" IS NOT NULL AND "clientes"."cpf" IS NOT NULL) OR ("clientes"."juridica" AND "clientes"."razao_social" IS NOT NULL AND "clientes"."cnpj" IS NOT NULL)),
	CONSTRAINT "clientes_cpf_ck" CHECK ("clientes"."cpf" ~ '^[0-9]{11}$'),
	CONSTRAINT "clientes_cnpj_ck" CHECK ("clientes"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$'),
	CONSTRAINT "clientes_telefone_ck" CHECK ("clientes"."telefone" ~ '^[0-9]{10,11}$')
);
--> statement-breakpoint
CREATE TABLE "conteudos_produto" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"ordem" integer NOT NULL,
	"titulo" varchar(150) NOT NULL,
	"duracao" varchar(8) NOT NULL,
	"arquivo" varchar(500) NOT NULL,
	"nome_arquivo" varchar(255),
	"video" boolean NOT NULL,
	"tipo" varchar(100) NOT NULL,
	"tamanho" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conteudos_produto_ordem_uq" UNIQUE("produto_id","ordem"),
	CONSTRAINT "conteudos_produto_ordem_ck" CHECK ("conteudos_produto"."ordem" >= 1),
	CONSTRAINT "conteudos_produto_tamanho_ck" CHECK ("conteudos_produto"."tamanho" >= 0),
	CONSTRAINT "conteudos_produto_duracao_ck" CHECK ("conteudos_produto"."duracao" ~ '^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "condicoes_desconto" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(255) NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condicoes_desconto_valor_ck" CHECK ("condicoes_desconto"."valor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "codigos_email" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"finalidade" varchar(30) NOT NULL,
	"email_destino" varchar(254),
	"codigo_hash" text NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"validado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "codigos_email_tentativas_ck" CHECK ("codigos_email"."tentativas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "emails_saida" (
	"id" serial PRIMARY KEY NOT NULL,
	"para" varchar(254) NOT NULL,
	"assunto" varchar(255) NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"ultimo_erro" text,
	"proxima_tentativa_em" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "emails_saida_tentativas_ck" CHECK ("emails_saida"."tentativas" >= 0)
);
--> statement-breakpoint
CREATE TABLE "empresa" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_fantasia" varchar(150),
	"cnpj" varchar(14) NOT NULL,
	"email" varchar(254),
	"whatsapp" varchar(255),
	"facebook" varchar(255),
	"instagram" varchar(255),
	"youtube" varchar(255),
	"descricao_horario_funcionamento" text,
	"cep" varchar(8),
	"logradouro" varchar(200),
	"numero" varchar(20),
	"complemento" varchar(100),
	"bairro" varchar(100),
	"municipio_id" integer,
	"uf_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "empresa_unica_ck" CHECK ("empresa"."id" = 1),
	CONSTRAINT "empresa_cnpj_ck" CHECK ("empresa"."cnpj" ~ '^[0-9A-Z]{12}[0-9]{2}$'),
	CONSTRAINT "empresa_cep_ck" CHECK ("empresa"."cep" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "enderecos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cep" varchar(8) NOT NULL,
	"logradouro" varchar(200) NOT NULL,
	"numero" varchar(20) NOT NULL,
	"complemento" varchar(100),
	"bairro" varchar(100) NOT NULL,
	"municipio_id" integer NOT NULL,
	"uf_id" integer NOT NULL,
	"cliente_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enderecos_cliente_id_unique" UNIQUE("cliente_id"),
	CONSTRAINT "enderecos_cep_ck" CHECK ("enderecos"."cep" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"uf_id" integer NOT NULL,
	"capital" boolean DEFAULT false NOT NULL,
	CONSTRAINT "municipios_id_uf_uq" UNIQUE("id","uf_id"),
	CONSTRAINT "municipios_id_ck" CHECK ("municipios"."id" BETWEEN 1100000 AND 5399999 AND "municipios"."id" / 100000 = "municipios"."uf_id")
);
--> statement-breakpoint
CREATE TABLE "ufs" (
	"id" integer PRIMARY KEY NOT NULL,
	"sigla" varchar(2) NOT NULL,
	"nome" varchar(50) NOT NULL,
	"regiao" varchar(20) NOT NULL,
	CONSTRAINT "ufs_sigla_unique" UNIQUE("sigla"),
	CONSTRAINT "ufs_id_ck" CHECK ("ufs"."id" BETWEEN 11 AND 53),
	CONSTRAINT "ufs_sigla_ck" CHECK ("ufs"."sigla" ~ '^[A-Z]{2}$')
);
--> statement-breakpoint
CREATE TABLE "chaves_idempotencia" (
	"id" serial PRIMARY KEY NOT NULL,
	"chave" varchar(255) NOT NULL,
	"usuario_id" integer NOT NULL,
	"rota" varchar(200),
	"hash_corpo" varchar(128) NOT NULL,
	"status" varchar(20) DEFAULT 'EM_ANDAMENTO' NOT NULL,
	"status_code" integer,
	"resposta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chaves_idempotencia_chave_usuario_uq" UNIQUE("chave","usuario_id")
);
--> statement-breakpoint
CREATE TABLE "pagamentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"status" varchar(30) DEFAULT 'pending' NOT NULL,
	"status_detalhe" varchar(100),
	"provider_id" varchar(64),
	"valor" numeric(12, 2) NOT NULL,
	"pix_qr_code" text,
	"pix_qr_code_base64" text,
	"expira_em" timestamp with time zone,
	"last_four" varchar(4),
	"payment_method_id" varchar(40),
	"aprovado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagamentos_tipo_ck" CHECK ("pagamentos"."tipo" IN ('credit', 'pix')),
	CONSTRAINT "pagamentos_valor_ck" CHECK ("pagamentos"."valor" >= 0),
	CONSTRAINT "pagamentos_last_four_ck" CHECK ("pagamentos"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "pedido_enderecos_entrega" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"cep" varchar(8) NOT NULL,
	"logradouro" varchar(200) NOT NULL,
	"numero" varchar(20) NOT NULL,
	"complemento" varchar(100),
	"bairro" varchar(100) NOT NULL,
	"municipio_id" integer NOT NULL,
	"uf_id" integer NOT NULL,
	CONSTRAINT "pedido_enderecos_entrega_pedido_id_unique" UNIQUE("pedido_id"),
	CONSTRAINT "pedido_enderecos_entrega_cep_ck" CHECK ("pedido_enderecos_entrega"."cep" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "pedido_itens" (
	"id" serial PRIMARY KEY NOT NULL,
	"pedido_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	"produto_nome" varchar(150) NOT NULL,
	"quantidade" integer NOT NULL,
	"valor_unitario" numeric(12, 2) NOT NULL,
	"valor_total" numeric(12, 2) NOT NULL,
	"brinde" boolean DEFAULT false NOT NULL,
	"digital" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pedido_itens_quantidade_ck" CHECK ("pedido_itens"."quantidade" >= 1),
	CONSTRAINT "pedido_itens_valor_unitario_ck" CHECK ("pedido_itens"."valor_unitario" >= 0),
	CONSTRAINT "pedido_itens_valor_total_ck" CHECK ("pedido_itens"."valor_total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cliente_id" integer NOT NULL,
	"situacao" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"valor_produtos" numeric(12, 2) NOT NULL,
	"valor_frete" numeric(12, 2) DEFAULT '0' NOT NULL,
	"valor_total" numeric(12, 2) NOT NULL,
	"nome_recebedor" varchar(150),
	"telefone_recebedor" varchar(20),
	"dados_nome" varchar(150),
	"dados_email" varchar(254),
	"dados_telefone" varchar(20),
	"dados_documento" varchar(14),
	"entrega_id_melhor_envio" integer,
	"entrega_servico" varchar(100),
	"entrega_transportadora" varchar(100),
	"entrega_prazo_dias" integer,
	"cancelado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pedidos_situacao_ck" CHECK ("pedidos"."situacao" IN ('PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO')),
	CONSTRAINT "pedidos_valor_produtos_ck" CHECK ("pedidos"."valor_produtos" >= 0),
	CONSTRAINT "pedidos_valor_frete_ck" CHECK ("pedidos"."valor_frete" >= 0),
	CONSTRAINT "pedidos_valor_total_ck" CHECK ("pedidos"."valor_total" >= 0),
	CONSTRAINT "pedidos_prazo_ck" CHECK ("pedidos"."entrega_prazo_dias" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fichas_tecnicas" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"descricao" varchar(100) NOT NULL,
	"valor" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produto_autores" (
	"produto_id" integer NOT NULL,
	"autor_id" integer NOT NULL,
	CONSTRAINT "produto_autores_produto_id_autor_id_pk" PRIMARY KEY("produto_id","autor_id")
);
--> statement-breakpoint
CREATE TABLE "produto_imagens" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"nome" varchar(255) NOT NULL,
	"path" varchar(500) NOT NULL,
	"imagem_site" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "produto_tags" (
	"produto_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "produto_tags_produto_id_tag_id_pk" PRIMARY KEY("produto_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "produtos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"descricao" text,
	"preco" numeric(12, 2) NOT NULL,
	"digital" boolean DEFAULT false NOT NULL,
	"produto_exibido_site" boolean DEFAULT false NOT NULL,
	"categoria_id" integer NOT NULL,
	"tempo_estimado" varchar(8),
	"duracao" varchar(30),
	"altura" numeric(10, 2),
	"peso" numeric(10, 3),
	"largura" numeric(10, 2),
	"comprimento" numeric(10, 2),
	"brinde" boolean DEFAULT false NOT NULL,
	"titulo_imagem_home" varchar(150),
	"texto_home" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"disponivel" boolean DEFAULT true NOT NULL,
	"path_img_destaque" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "produtos_preco_ck" CHECK ("produtos"."preco" >= 0),
	CONSTRAINT "produtos_dimensoes_ck" CHECK (coalesce("produtos"."altura", 0) >= 0 AND coalesce("produtos"."peso", 0) >= 0 AND coalesce("produtos"."largura", 0) >= 0 AND coalesce("produtos"."comprimento", 0) >= 0),
	CONSTRAINT "produtos_tempo_estimado_ck" CHECK ("produtos"."tempo_estimado" ~ '^[0-9]{2}:[0-5][0-9]:[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limites_requisicao" (
	"chave" varchar(255) PRIMARY KEY NOT NULL,
	"contagem" integer DEFAULT 0 NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissoes" (
	"id" integer PRIMARY KEY NOT NULL,
	"nome" varchar(20) NOT NULL,
	CONSTRAINT "permissoes_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "tokens_revogados" (
	"jti" varchar(64) PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"senha_hash" text NOT NULL,
	"permissao_id" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"confirmado" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avaliacoes" ADD CONSTRAINT "avaliacoes_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avaliacoes" ADD CONSTRAINT "avaliacoes_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clientes" ADD CONSTRAINT "clientes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conteudos_produto" ADD CONSTRAINT "conteudos_produto_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codigos_email" ADD CONSTRAINT "codigos_email_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_uf_id_ufs_id_fk" FOREIGN KEY ("uf_id") REFERENCES "public"."ufs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "empresa" ADD CONSTRAINT "empresa_municipio_uf_fk" FOREIGN KEY ("municipio_id","uf_id") REFERENCES "public"."municipios"("id","uf_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enderecos" ADD CONSTRAINT "enderecos_uf_id_ufs_id_fk" FOREIGN KEY ("uf_id") REFERENCES "public"."ufs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enderecos" ADD CONSTRAINT "enderecos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enderecos" ADD CONSTRAINT "enderecos_municipio_uf_fk" FOREIGN KEY ("municipio_id","uf_id") REFERENCES "public"."municipios"("id","uf_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_uf_id_ufs_id_fk" FOREIGN KEY ("uf_id") REFERENCES "public"."ufs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chaves_idempotencia" ADD CONSTRAINT "chaves_idempotencia_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_enderecos_entrega" ADD CONSTRAINT "pedido_enderecos_entrega_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_enderecos_entrega" ADD CONSTRAINT "pedido_enderecos_entrega_uf_id_ufs_id_fk" FOREIGN KEY ("uf_id") REFERENCES "public"."ufs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_enderecos_entrega" ADD CONSTRAINT "pedido_enderecos_entrega_municipio_uf_fk" FOREIGN KEY ("municipio_id","uf_id") REFERENCES "public"."municipios"("id","uf_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD CONSTRAINT "pedido_itens_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_itens" ADD CONSTRAINT "pedido_itens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fichas_tecnicas" ADD CONSTRAINT "fichas_tecnicas_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_autores" ADD CONSTRAINT "produto_autores_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_autores" ADD CONSTRAINT "produto_autores_autor_id_autores_id_fk" FOREIGN KEY ("autor_id") REFERENCES "public"."autores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_imagens" ADD CONSTRAINT "produto_imagens_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_tags" ADD CONSTRAINT "produto_tags_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produto_tags" ADD CONSTRAINT "produto_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_revogados" ADD CONSTRAINT "tokens_revogados_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_permissao_id_permissoes_id_fk" FOREIGN KEY ("permissao_id") REFERENCES "public"."permissoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avaliacoes_produto_idx" ON "avaliacoes" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "avaliacoes_cliente_idx" ON "avaliacoes" USING btree ("cliente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nome_lower_uq" ON "categorias" USING btree (lower("nome"));--> statement-breakpoint
CREATE INDEX "codigos_email_usuario_idx" ON "codigos_email" USING btree ("usuario_id","finalidade","created_at");--> statement-breakpoint
CREATE INDEX "emails_saida_fila_idx" ON "emails_saida" USING btree ("status","proxima_tentativa_em");--> statement-breakpoint
CREATE INDEX "emails_saida_para_idx" ON "emails_saida" USING btree (lower("para"),"created_at");--> statement-breakpoint
CREATE INDEX "municipios_uf_idx" ON "municipios" USING btree ("uf_id");--> statement-breakpoint
CREATE INDEX "chaves_idempotencia_created_idx" ON "chaves_idempotencia" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chaves_idempotencia_status_idx" ON "chaves_idempotencia" USING btree ("status") WHERE "chaves_idempotencia"."status" = 'EM_ANDAMENTO';--> statement-breakpoint
CREATE INDEX "pagamentos_pedido_idx" ON "pagamentos" USING btree ("pedido_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_provider_uq" ON "pagamentos" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "pagamentos_pix_pendente_idx" ON "pagamentos" USING btree ("expira_em") WHERE "pagamentos"."tipo" = 'pix' AND "pagamentos"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "pedido_itens_pedido_idx" ON "pedido_itens" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "pedido_itens_produto_idx" ON "pedido_itens" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "pedidos_cliente_idx" ON "pedidos" USING btree ("cliente_id","created_at");--> statement-breakpoint
CREATE INDEX "pedidos_created_idx" ON "pedidos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pedidos_situacao_idx" ON "pedidos" USING btree ("situacao");--> statement-breakpoint
CREATE INDEX "fichas_tecnicas_produto_idx" ON "fichas_tecnicas" USING btree ("produto_id");--> statement-breakpoint
CREATE INDEX "produto_autores_autor_idx" ON "produto_autores" USING btree ("autor_id");--> statement-breakpoint
CREATE INDEX "produto_imagens_produto_idx" ON "produto_imagens" USING btree ("produto_id","ordem");--> statement-breakpoint
CREATE INDEX "produto_tags_tag_idx" ON "produto_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "produtos_categoria_idx" ON "produtos" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "produtos_nome_trgm_idx" ON "produtos" USING gin (f_unaccent(lower("nome")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tags_nome_lower_uq" ON "tags" USING btree (lower("nome"));--> statement-breakpoint
CREATE INDEX "limites_requisicao_expira_idx" ON "limites_requisicao" USING btree ("expira_em");--> statement-breakpoint
CREATE INDEX "tokens_revogados_expira_idx" ON "tokens_revogados" USING btree ("expira_em");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_lower_uq" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "usuarios_permissao_idx" ON "usuarios" USING btree ("permissao_id");