CREATE TABLE "cupom_categorias" (
	"cupom_id" integer NOT NULL,
	"categoria_id" integer NOT NULL,
	CONSTRAINT "cupom_categorias_cupom_id_categoria_id_pk" PRIMARY KEY("cupom_id","categoria_id")
);
--> statement-breakpoint
CREATE TABLE "cupom_produtos" (
	"cupom_id" integer NOT NULL,
	"produto_id" integer NOT NULL,
	CONSTRAINT "cupom_produtos_cupom_id_produto_id_pk" PRIMARY KEY("cupom_id","produto_id")
);
--> statement-breakpoint
CREATE TABLE "cupom_usos" (
	"id" serial PRIMARY KEY NOT NULL,
	"cupom_id" integer NOT NULL,
	"pedido_id" integer NOT NULL,
	"cliente_id" integer NOT NULL,
	"desconto" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cupom_usos_desconto_ck" CHECK ("cupom_usos"."desconto" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"codigo" varchar(30) NOT NULL,
	"descricao" varchar(255) NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"valor" numeric(12, 2) NOT NULL,
	"valor_minimo" numeric(12, 2),
	"inicio" date,
	"fim" date,
	"limite_usos" integer,
	"limite_por_cliente" integer,
	"primeira_compra" boolean DEFAULT false NOT NULL,
	"escopo" varchar(12) DEFAULT 'LOJA' NOT NULL,
	"acumula_pix" boolean DEFAULT true NOT NULL,
	"acumula_brinde" boolean DEFAULT true NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cupons_codigo_ck" CHECK ("cupons"."codigo" ~ '^[A-Z0-9]{3,30}$'),
	CONSTRAINT "cupons_tipo_ck" CHECK ("cupons"."tipo" IN ('PERCENTUAL', 'FIXO')),
	CONSTRAINT "cupons_valor_ck" CHECK ("cupons"."valor" > 0 AND ("cupons"."tipo" <> 'PERCENTUAL' OR "cupons"."valor" <= 100)),
	CONSTRAINT "cupons_valor_minimo_ck" CHECK ("cupons"."valor_minimo" > 0),
	CONSTRAINT "cupons_periodo_ck" CHECK ("cupons"."fim" >= "cupons"."inicio"),
	CONSTRAINT "cupons_limite_usos_ck" CHECK ("cupons"."limite_usos" > 0),
	CONSTRAINT "cupons_limite_por_cliente_ck" CHECK ("cupons"."limite_por_cliente" > 0),
	CONSTRAINT "cupons_escopo_ck" CHECK ("cupons"."escopo" IN ('LOJA', 'CATEGORIAS', 'PRODUTOS', 'FISICOS', 'DIGITAIS'))
);
--> statement-breakpoint
ALTER TABLE "cupom_categorias" ADD CONSTRAINT "cupom_categorias_cupom_id_cupons_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_categorias" ADD CONSTRAINT "cupom_categorias_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_produtos" ADD CONSTRAINT "cupom_produtos_cupom_id_cupons_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_produtos" ADD CONSTRAINT "cupom_produtos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_usos" ADD CONSTRAINT "cupom_usos_cupom_id_cupons_id_fk" FOREIGN KEY ("cupom_id") REFERENCES "public"."cupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_usos" ADD CONSTRAINT "cupom_usos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cupom_usos" ADD CONSTRAINT "cupom_usos_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cupom_categorias_categoria_idx" ON "cupom_categorias" USING btree ("categoria_id");--> statement-breakpoint
CREATE INDEX "cupom_produtos_produto_idx" ON "cupom_produtos" USING btree ("produto_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cupom_usos_pedido_uq" ON "cupom_usos" USING btree ("pedido_id");--> statement-breakpoint
CREATE INDEX "cupom_usos_cupom_idx" ON "cupom_usos" USING btree ("cupom_id","created_at");--> statement-breakpoint
CREATE INDEX "cupom_usos_cliente_idx" ON "cupom_usos" USING btree ("cliente_id","cupom_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cupons_codigo_uq" ON "cupons" USING btree ("codigo");