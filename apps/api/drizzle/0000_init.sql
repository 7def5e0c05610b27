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
ALTER TABLE "tokens_revogados" ADD CONSTRAINT "tokens_revogados_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_permissao_id_permissoes_id_fk" FOREIGN KEY ("permissao_id") REFERENCES "public"."permissoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tokens_revogados_expira_idx" ON "tokens_revogados" USING btree ("expira_em");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_lower_uq" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "usuarios_permissao_idx" ON "usuarios" USING btree ("permissao_id");