CREATE TABLE "sacolas" (
	"cliente_id" integer PRIMARY KEY NOT NULL,
	"itens" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"versao" integer DEFAULT 0 NOT NULL,
	"atualizada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"lembrete_versao" integer,
	"lembrete_em" timestamp with time zone,
	CONSTRAINT "sacolas_versao_ck" CHECK ("sacolas"."versao" >= 0),
	CONSTRAINT "sacolas_itens_ck" CHECK (jsonb_typeof("sacolas"."itens") = 'array' AND jsonb_array_length("sacolas"."itens") <= 50)
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "ofertas_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "ofertas_email_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "emails_saida" ADD COLUMN "cabecalhos" jsonb;--> statement-breakpoint
ALTER TABLE "sacolas" ADD CONSTRAINT "sacolas_cliente_id_clientes_id_fk" FOREIGN KEY ("cliente_id") REFERENCES "public"."clientes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sacolas_atualizada_idx" ON "sacolas" USING btree ("atualizada_em");