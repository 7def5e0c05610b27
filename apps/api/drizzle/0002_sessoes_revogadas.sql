CREATE TABLE "sessoes_revogadas" (
	"sid" varchar(64) PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tokens_revogados" ADD COLUMN "revogado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes_revogadas" ADD CONSTRAINT "sessoes_revogadas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessoes_revogadas_expira_idx" ON "sessoes_revogadas" USING btree ("expira_em");