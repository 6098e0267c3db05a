-- The remote registry this migration created moved to the release service, in its own schema
-- (release/drizzle). A database migrated earlier keeps the old tables in the public schema,
-- unused once the release service has taken their rows over (docs/releases.md); a new one never
-- gets them.
SELECT 1;
