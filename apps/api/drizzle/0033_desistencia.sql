ALTER TABLE "estoque_movimentos" DROP CONSTRAINT "estoque_movimentos_tipo_ck";--> statement-breakpoint
ALTER TABLE "pedido_historico" DROP CONSTRAINT "pedido_historico_para_ck";--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_situacao_ck";--> statement-breakpoint
ALTER TABLE "pedidos" DROP CONSTRAINT "pedidos_estoque_situacao_ck";--> statement-breakpoint
ALTER TABLE "certificados" ADD COLUMN "revogado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "desistencia_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "desistencia_motivo" varchar(500);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "devolucao_recebida_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_tipo_ck" CHECK ("estoque_movimentos"."tipo" IN ('reserva', 'venda', 'liberacao', 'devolucao', 'entrada', 'ajuste', 'perda'));--> statement-breakpoint
ALTER TABLE "pedido_historico" ADD CONSTRAINT "pedido_historico_para_ck" CHECK ("pedido_historico"."para" IN ('PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO', 'DEVOLUCAO_SOLICITADA'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_situacao_ck" CHECK ("pedidos"."situacao" IN ('PENDENTE', 'PAGO', 'ENVIADO', 'ENTREGUE', 'CANCELADO', 'RECUSADO', 'DEVOLUCAO_SOLICITADA'));--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_estoque_situacao_ck" CHECK ("pedidos"."estoque_situacao" IN ('reservado', 'vendido', 'liberado', 'devolvido'));