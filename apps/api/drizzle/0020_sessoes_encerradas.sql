-- Tells every API instance that sessions of a user may have ended (ADR 023): each instance LISTENs on
-- 'clinica_sessoes' (realtime/session-revocations.ts) and checks that user's open realtime connections again with
-- the auth guard's own query. The payload is the user's id. NOTIFY is delivered at the commit and not at all on a
-- rollback, so every path that ends sessions (logout, password change or reset, deactivation, removal, SQL by
-- hand) reaches every instance, after the change is visible.
CREATE FUNCTION f_sessoes_encerradas() RETURNS trigger
  LANGUAGE plpgsql
  AS $f$
BEGIN
  IF TG_TABLE_NAME = 'sessoes_revogadas' THEN
    PERFORM pg_notify('clinica_sessoes', NEW.usuario_id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('clinica_sessoes', OLD.id::text);
  ELSE
    PERFORM pg_notify('clinica_sessoes', NEW.id::text);
  END IF;
  RETURN NULL;
END
$f$;--> statement-breakpoint
-- A logout: the session (sid) is revoked.
CREATE TRIGGER "sessoes_revogadas_encerra" AFTER INSERT ON "sessoes_revogadas" FOR EACH ROW EXECUTE FUNCTION f_sessoes_encerradas();--> statement-breakpoint
-- A password change or reset, or a deactivation, moves the credentials version (every older token ends); a change of
-- 'ativo' alone (by hand) also ends them for the guard.
CREATE TRIGGER "usuarios_sessoes_encerradas" AFTER UPDATE OF "sessao_versao", "ativo" ON "usuarios" FOR EACH ROW WHEN (OLD."sessao_versao" IS DISTINCT FROM NEW."sessao_versao" OR OLD."ativo" IS DISTINCT FROM NEW."ativo") EXECUTE FUNCTION f_sessoes_encerradas();--> statement-breakpoint
CREATE TRIGGER "usuarios_removidos_encerra" AFTER DELETE ON "usuarios" FOR EACH ROW EXECUTE FUNCTION f_sessoes_encerradas();
