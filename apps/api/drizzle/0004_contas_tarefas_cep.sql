CREATE TABLE "ceps_consultados" (
	"cep" varchar(8) PRIMARY KEY NOT NULL,
	"encontrado" boolean NOT NULL,
	"resposta" jsonb,
	"consultado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ceps_consultados_cep_ck" CHECK ("ceps_consultados"."cep" ~ '^[0-9]{8}$')
);
--> statement-breakpoint
CREATE TABLE "tarefas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tipo" varchar(60) NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"chave" varchar(200),
	"status" varchar(20) DEFAULT 'PENDENTE' NOT NULL,
	"executar_em" timestamp with time zone DEFAULT now() NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"max_tentativas" integer DEFAULT 8 NOT NULL,
	"ultimo_erro" text,
	"bloqueada_ate" timestamp with time zone,
	"bloqueada_por" varchar(100),
	"criada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone,
	CONSTRAINT "tarefas_status_ck" CHECK ("tarefas"."status" IN ('PENDENTE', 'EXECUTANDO', 'CONCLUIDA', 'FALHOU')),
	CONSTRAINT "tarefas_tentativas_ck" CHECK ("tarefas"."tentativas" >= 0 AND "tarefas"."max_tentativas" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tokens_revogados" ADD COLUMN "sucessor" jsonb;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "sessao_versao" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "tarefas_chave_uq" ON "tarefas" USING btree ("chave");--> statement-breakpoint
CREATE INDEX "tarefas_fila_idx" ON "tarefas" USING btree ("status","executar_em");--> statement-breakpoint
CREATE INDEX "tarefas_lease_idx" ON "tarefas" USING btree ("status","bloqueada_ate");