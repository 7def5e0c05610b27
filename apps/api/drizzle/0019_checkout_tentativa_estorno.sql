DROP INDEX "pagamentos_aprovado_uq";--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "estorno_devido" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "chave_checkout" varchar(64);--> statement-breakpoint
CREATE INDEX "pagamento_eventos_pendentes_idx" ON "pagamento_eventos" USING btree ("recebido_em") WHERE "pagamento_eventos"."processado_em" IS NULL;--> statement-breakpoint
CREATE INDEX "pagamentos_estorno_devido_idx" ON "pagamentos" USING btree ("id") WHERE "pagamentos"."status" = 'approved' AND "pagamentos"."estorno_devido";--> statement-breakpoint
CREATE INDEX "pagamentos_abertos_idx" ON "pagamentos" USING btree ("created_at") WHERE "pagamentos"."provider_id" IS NOT NULL AND "pagamentos"."status" IN ('pending', 'in_process', 'authorized');--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_chave_checkout_uq" ON "pedidos" USING btree ("cliente_id","chave_checkout");--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_aprovado_uq" ON "pagamentos" USING btree ("pedido_id") WHERE "pagamentos"."status" = 'approved' AND NOT "pagamentos"."estorno_devido";