CREATE TABLE "estoque_movimentos" (
	"id" serial PRIMARY KEY NOT NULL,
	"produto_id" integer NOT NULL,
	"pedido_id" integer,
	"tipo" varchar(10) NOT NULL,
	"quantidade" integer NOT NULL,
	"delta_estoque" integer NOT NULL,
	"delta_reservado" integer NOT NULL,
	"motivo" varchar(200),
	"quem" varchar(10) NOT NULL,
	"quem_id" integer,
	"quando" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estoque_movimentos_tipo_ck" CHECK ("estoque_movimentos"."tipo" IN ('reserva', 'venda', 'liberacao', 'entrada', 'ajuste', 'perda')),
	CONSTRAINT "estoque_movimentos_quantidade_ck" CHECK ("estoque_movimentos"."quantidade" > 0),
	CONSTRAINT "estoque_movimentos_quem_ck" CHECK ("estoque_movimentos"."quem" IN ('CLIENTE', 'USUARIO', 'ADMIN', 'SISTEMA'))
);
--> statement-breakpoint
ALTER TABLE "pedidos" ADD COLUMN "estoque_situacao" varchar(10);--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "estoque" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "reservado" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "produtos" ADD COLUMN "vendavel" boolean GENERATED ALWAYS AS ("disponivel" AND ("digital" OR "estoque" - "reservado" > 0)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_produto_id_produtos_id_fk" FOREIGN KEY ("produto_id") REFERENCES "public"."produtos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estoque_movimentos" ADD CONSTRAINT "estoque_movimentos_pedido_id_pedidos_id_fk" FOREIGN KEY ("pedido_id") REFERENCES "public"."pedidos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estoque_movimentos_produto_idx" ON "estoque_movimentos" USING btree ("produto_id","quando");--> statement-breakpoint
CREATE INDEX "estoque_movimentos_pedido_idx" ON "estoque_movimentos" USING btree ("pedido_id");--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_estoque_situacao_ck" CHECK ("pedidos"."estoque_situacao" IN ('reservado', 'vendido', 'liberado'));--> statement-breakpoint
ALTER TABLE "produtos" ADD CONSTRAINT "produtos_estoque_ck" CHECK ("produtos"."reservado" >= 0 AND "produtos"."reservado" <= "produtos"."estoque");--> statement-breakpoint
-- Orders move produtos.reservado and produtos.estoque all day: those alone must not raise the catalogue's version
-- (ADR 021), or every order would empty the public reads' cache. A product's row raises it when anything else
-- changes, or when it crosses between sellable and sold out (vendavel, what the public reads show); the staff's
-- stock edits change updated_at and so raise it too (ADR 032).
DROP TRIGGER "produtos_catalogo_mudou" ON "produtos";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "produtos_catalogo_mudou" AFTER INSERT OR DELETE ON "produtos" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "produtos_catalogo_mudou_update" AFTER UPDATE ON "produtos" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."vendavel" IS DISTINCT FROM NEW."vendavel"
    OR (to_jsonb(OLD.*) - 'estoque' - 'reservado' - 'vendavel') IS DISTINCT FROM (to_jsonb(NEW.*) - 'estoque' - 'reservado' - 'vendavel'))
  EXECUTE FUNCTION f_catalogo_mudou();
