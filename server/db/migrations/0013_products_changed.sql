-- Every change to a product row (quota, status, APR, stage, window) is announced on the
-- earn_products channel once its transaction commits, payload the product's id ('all' after a
-- TRUNCATE): each server's product-cards cache (server/modules/earn/product-cards-cache.ts)
-- LISTENs and drops what it holds. A trigger, so no writer (the app, a job, an operator's SQL)
-- can change a product without the caches hearing of it.
CREATE FUNCTION earn_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('earn_products', 'all');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('earn_products', OLD.id);
  ELSE
    PERFORM pg_notify('earn_products', NEW.id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION earn_products_changed();
--> statement-breakpoint
CREATE TRIGGER products_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION earn_products_changed();
