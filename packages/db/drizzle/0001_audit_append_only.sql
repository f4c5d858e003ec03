-- The audit log is append-only: history that can be rewritten is not history.
CREATE OR REPLACE FUNCTION auditoria_somente_insercao() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'auditoria é somente inserção (% recusado)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auditoria_somente_insercao
  BEFORE UPDATE OR DELETE ON auditoria
  FOR EACH ROW EXECUTE FUNCTION auditoria_somente_insercao();
