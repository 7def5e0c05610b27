ALTER TABLE "produtos" ADD COLUMN "marca" varchar(60);--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "sku" varchar(40);--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "ultimas_unidades" boolean GENERATED ALWAYS AS (NOT "digital" AND "disponivel" AND "estoque" - "reservado" > 0 AND "estoque" - "reservado" <= "estoque_minimo") STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "produtos_sku_uq" ON "produtos" USING btree ("sku");