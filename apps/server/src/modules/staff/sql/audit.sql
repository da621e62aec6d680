-- staff: the audit trail is append-only. Migration 0035 puts this trigger function on staff_audit for
-- UPDATE, DELETE and TRUNCATE; a row, once written, stays as it was written.
CREATE OR REPLACE FUNCTION staff_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'staff_audit is append-only: % refused', TG_OP;
END $$;
