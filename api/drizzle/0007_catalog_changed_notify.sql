-- Every change of the catalogue version (a size sold out or back, an import, a price) is announced
-- on the channel catalog_changed when its transaction commits, with the new version: each API
-- replica listening there retires its cached answers at once instead of polling for it.
CREATE OR REPLACE FUNCTION catalog_changed_notify() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', NEW.version::text);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER catalog_changed AFTER INSERT OR UPDATE OF version ON catalog_meta
  FOR EACH ROW EXECUTE FUNCTION catalog_changed_notify();
