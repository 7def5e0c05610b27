ALTER TABLE "pagamentos" DROP CONSTRAINT "pagamentos_tipo_ck";--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "boleto_linha" varchar(47);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "boleto_codigo_barras" varchar(44);--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "boleto_vencimento" date;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "boleto_pagavel_ate" date;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD COLUMN "boleto_pdf_url" text;--> statement-breakpoint
ALTER TABLE "sandbox_pagamentos" ADD COLUMN "codigo_barras" varchar(44);--> statement-breakpoint
ALTER TABLE "sandbox_pagamentos" ADD COLUMN "vencimento" date;--> statement-breakpoint
ALTER TABLE "sandbox_pagamentos" ADD COLUMN "pagador" varchar(200);--> statement-breakpoint
CREATE UNIQUE INDEX "pagamentos_boleto_vivo_uq" ON "pagamentos" USING btree ("pedido_id") WHERE "pagamentos"."tipo" = 'boleto' AND "pagamentos"."status" = 'pending' AND "pagamentos"."provider_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_pagamentos_codigo_barras_uq" ON "sandbox_pagamentos" USING btree ("codigo_barras");--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_boleto_linha_ck" CHECK ("pagamentos"."boleto_linha" ~ '^[0-9]{47}$');--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_boleto_codigo_ck" CHECK ("pagamentos"."boleto_codigo_barras" ~ '^[0-9]{44}$');--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_tipo_ck" CHECK ("pagamentos"."tipo" IN ('credit', 'pix', 'boleto'));