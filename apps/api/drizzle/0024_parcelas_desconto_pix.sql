ALTER TABLE "pagamentos" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "valor_parcela" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "total_cobrado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "sandbox_pagamentos" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "sandbox_pagamentos" ADD COLUMN "valor_parcela" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "sandbox_pagamentos" ADD COLUMN "total_cobrado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "desconto_pix" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "parcelas" integer;--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "valor_parcela" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "total_cobrado" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_parcelas_ck" CHECK ("pagamentos"."parcelas" BETWEEN 1 AND 24);--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_desconto_pix_ck" CHECK ("pedidos"."desconto_pix" >= 0);--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_parcelas_ck" CHECK ("pedidos"."parcelas" BETWEEN 1 AND 24);