CREATE TABLE "catalogo_versao" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"versao" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogo_versao_uma_linha" CHECK ("catalogo_versao"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogo_versao" ("id", "versao") VALUES (1, 0);--> statement-breakpoint
-- Raises the catalogue's version once per transaction that changed a table the store's public reads show (ADR 021).
-- Called by deferred constraint triggers, so it runs at commit, after every other statement of the transaction: the
-- new data and the new number become visible together, and the version row is locked only for the end of the
-- commit (never while the transaction still waits for other locks, so it cannot take part in a deadlock). The
-- transaction-local setting makes the first row's call the only UPDATE of a transaction that changed many rows.
CREATE FUNCTION f_catalogo_mudou() RETURNS trigger
  LANGUAGE plpgsql
  AS $f$
BEGIN
  IF coalesce(current_setting('clinica.catalogo_mudou', true), '') <> 'sim' THEN
    PERFORM set_config('clinica.catalogo_mudou', 'sim', true);
    UPDATE catalogo_versao SET versao = versao + 1 WHERE id = 1;
    -- Delivered at the commit, to the listeners of PGlite's single connection (the API that holds it counts them).
    PERFORM pg_notify('catalogo_versao', '');
  END IF;
  RETURN NULL;
END
$f$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "produtos_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "produtos" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "categorias_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "categorias" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "imagens_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "imagens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "produto_imagens_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "produto_imagens" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "fichas_tecnicas_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "fichas_tecnicas" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "tags_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "tags" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "produto_tags_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "produto_tags" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "autores_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "autores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "produto_autores_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "produto_autores" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "avaliacoes_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "avaliacoes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
-- A review shows its author's name.
CREATE CONSTRAINT TRIGGER "clientes_catalogo_mudou" AFTER UPDATE OF "nome", "razao_social", "juridica" ON "clientes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
-- TRUNCATE fires no row trigger.
CREATE TRIGGER "produtos_catalogo_truncado" AFTER TRUNCATE ON "produtos" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "categorias_catalogo_truncado" AFTER TRUNCATE ON "categorias" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "imagens_catalogo_truncado" AFTER TRUNCATE ON "imagens" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "produto_imagens_catalogo_truncado" AFTER TRUNCATE ON "produto_imagens" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "fichas_tecnicas_catalogo_truncado" AFTER TRUNCATE ON "fichas_tecnicas" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "tags_catalogo_truncado" AFTER TRUNCATE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "produto_tags_catalogo_truncado" AFTER TRUNCATE ON "produto_tags" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "autores_catalogo_truncado" AFTER TRUNCATE ON "autores" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "produto_autores_catalogo_truncado" AFTER TRUNCATE ON "produto_autores" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "avaliacoes_catalogo_truncado" AFTER TRUNCATE ON "avaliacoes" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "clientes_catalogo_truncado" AFTER TRUNCATE ON "clientes" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();
