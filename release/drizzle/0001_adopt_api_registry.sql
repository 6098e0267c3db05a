-- An installation that ran the registry inside the catalogue API, on the database this service now
-- shares, has it in the public schema. The first start takes those rows over, once, and only while
-- this service's own registry is still empty, so a registry already in use is never mixed with old
-- history. Columns an older API did not have yet take their defaults. The public tables are left
-- for ops to drop (docs/releases.md).
DO $$
BEGIN
  IF to_regclass('public.remote_releases') IS NULL
    OR EXISTS (SELECT 1 FROM release.remote_releases)
    OR EXISTS (SELECT 1 FROM release.registry_events) THEN
    RETURN;
  END IF;

  INSERT INTO release.remote_releases (remote, version, manifest_url, created_at, created_by)
    SELECT remote, version, manifest_url, created_at, created_by FROM public.remote_releases;
  INSERT INTO release.remote_state SELECT * FROM public.remote_state;
  INSERT INTO release.registry_events (id, remote, action, version, percent, at, by)
    SELECT id, remote, action, version, percent, at, by FROM public.registry_events;

  IF EXISTS (SELECT 1 FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = 'remote_releases' AND column_name = 'status') THEN
    UPDATE release.remote_releases r
      SET status = p.status, meta = p.meta, checks = p.checks, pruned = p.pruned
      FROM public.remote_releases p WHERE p.remote = r.remote AND p.version = r.version;
    UPDATE release.registry_events r SET note = p.note
      FROM public.registry_events p WHERE p.id = r.id;
  END IF;

  IF to_regclass('public.remote_activations') IS NOT NULL THEN
    INSERT INTO release.remote_activations SELECT * FROM public.remote_activations;
  ELSE
    -- the activation stack starts from the activations the history records, oldest first
    INSERT INTO release.remote_activations (remote, version, at, by, reason)
      SELECT remote, version, at, by, action FROM release.registry_events
      WHERE action IN ('activate', 'promote') AND version IS NOT NULL ORDER BY id;
  END IF;
  IF to_regclass('public.release_tokens') IS NOT NULL THEN
    INSERT INTO release.release_tokens SELECT * FROM public.release_tokens;
  END IF;
  IF to_regclass('public.remote_health') IS NOT NULL THEN
    INSERT INTO release.remote_health SELECT * FROM public.remote_health;
  END IF;

  -- ids copied as they were: the sequences go on after the highest
  PERFORM setval(pg_get_serial_sequence('release.registry_events', 'id'), COALESCE(max(id), 0) + 1, false) FROM release.registry_events;
  PERFORM setval(pg_get_serial_sequence('release.remote_activations', 'id'), COALESCE(max(id), 0) + 1, false) FROM release.remote_activations;
  PERFORM setval(pg_get_serial_sequence('release.release_tokens', 'id'), COALESCE(max(id), 0) + 1, false) FROM release.release_tokens;
END $$;
