CREATE TABLE "mensagens_contato" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(150) NOT NULL,
	"email" varchar(254) NOT NULL,
	"telefone" varchar(11) NOT NULL,
	"assunto" varchar(30) NOT NULL,
	"mensagem" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mensagens_contato_assunto_ck" CHECK ("mensagens_contato"."assunto" IN ('agendamento', 'duvida_tratamento', 'informacoes', 'outro')),
	CONSTRAINT "mensagens_contato_telefone_ck" CHECK ("mensagens_contato"."telefone" ~ '^[0-9]{10,11}$')
);
--> statement-breakpoint
ALTER TABLE "pedidos" ALTER COLUMN "valor_frete" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "emails_saida" ADD COLUMN "responder_para" varchar(254);--> statement-breakpoint
CREATE INDEX "mensagens_contato_data_idx" ON "mensagens_contato" USING btree ("created_at");