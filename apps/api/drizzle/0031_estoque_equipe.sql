CREATE TABLE "estoque_avisos" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	CONSTRAINT "estoque_avisos_email_ck" CHECK ("estoque_avisos"."email" = lower("estoque_avisos"."email"))
);
--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "estoque_minimo" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_avisos" ADD CONSTRAINT "estoque_avisos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_avisos" ADD CONSTRAINT "estoque_avisos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "estoque_avisos_pendente_uq" ON "estoque_avisos" USING btree ("produto_id","email") WHERE "estoque_avisos"."enviado_em" IS NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_estoque_minimo_ck" CHECK ("produtos"."estoque_minimo" >= 0);