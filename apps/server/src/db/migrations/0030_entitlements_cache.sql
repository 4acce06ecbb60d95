-- 'store' also covers who holds a course: the media key's cached yes (modules/media/media-access.ts)
-- reads the entitlement, so a refund's revoked entitlement (or any other change of one) empties it in
-- every process. A new entitlement changes nothing cached (only yes answers are kept).
CREATE TRIGGER "entitlements_cache_store" AFTER UPDATE OR DELETE OR TRUNCATE ON "entitlements"
  FOR EACH STATEMENT EXECUTE FUNCTION studio_cache_notify('store');
