ALTER TABLE "tarefas" DROP CONSTRAINT "tarefas_tentativas_ck";--> statement-breakpoint
DROP INDEX "tarefas_chave_uq";--> statement-breakpoint
ALTER TABLE "tarefas" ALTER COLUMN "max_tentativas" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "emails_saida_idade_idx" ON "emails_saida" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tarefas_chave_viva_uq" ON "tarefas" USING btree ("chave") WHERE status IN ('PENDENTE', 'EXECUTANDO');--> statement-breakpoint
ALTER TABLE "tarefas" ADD CONSTRAINT "tarefas_tentativas_ck" CHECK ("tarefas"."tentativas" >= 0 AND ("tarefas"."max_tentativas" IS NULL OR "tarefas"."max_tentativas" >= 1));