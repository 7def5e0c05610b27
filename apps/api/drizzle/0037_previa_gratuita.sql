ALTER TABLE "conteudos_produto" ADD COLUMN "previa_gratuita" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A course's page lists its contents and free previews (ADR 047): a change of them raises the catalogue's version
-- (migration 0018, ADR 021), so the page kept by version shows it at once.
CREATE CONSTRAINT TRIGGER "conteudos_produto_catalogo_mudou" AFTER INSERT OR UPDATE OR DELETE ON "conteudos_produto" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION f_catalogo_mudou();--> statement-breakpoint
CREATE TRIGGER "conteudos_produto_catalogo_truncado" AFTER TRUNCATE ON "conteudos_produto" FOR EACH STATEMENT EXECUTE FUNCTION f_catalogo_mudou();
