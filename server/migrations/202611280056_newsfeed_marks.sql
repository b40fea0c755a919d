-- Feed marks commit in the order they are taken (docs/api.md "Community", paging by marks): every
-- writer of a newsfeed item takes one transaction-scoped advisory lock before it takes a mark, so
-- a reader that has seen mark N never later finds a change with a mark below N committed. The
-- service takes it in its own writes (feed.ts withFeedMarks); here the sync store's trigger does,
-- only when it writes an item. Replaces the function of 202611280011_community.sql.
CREATE OR REPLACE FUNCTION newsfeed_sighting_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  item_id text := 's~' || md5(NEW.owner_id::text || '/' || NEW.id);
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted = NEW.deleted AND OLD.data = NEW.data THEN
    RETURN NULL;
  END IF;
  IF sighting_counted(NEW.deleted, NEW.data) AND NEW.data @> '{"public": true}' THEN
    PERFORM pg_advisory_xact_lock(hashtext('fieldmark:newsfeed_mod'));
    INSERT INTO newsfeed_items (id, type, author_id, observation_id, created_at, updated_at)
    VALUES (item_id, CASE WHEN NEW.data @> '{"lifer": true}' THEN 'lifer' ELSE 'sighting' END,
            NEW.owner_id, NEW.id, now(), now())
    ON CONFLICT (id) DO UPDATE SET type = EXCLUDED.type, mod = nextval('newsfeed_mod_seq'),
      updated_at = now(), deleted_at = NULL;
  ELSIF EXISTS (SELECT 1 FROM newsfeed_items WHERE id = item_id AND deleted_at IS NULL) THEN
    PERFORM pg_advisory_xact_lock(hashtext('fieldmark:newsfeed_mod'));
    UPDATE newsfeed_items SET deleted_at = now(), updated_at = now(), mod = nextval('newsfeed_mod_seq')
    WHERE id = item_id AND deleted_at IS NULL;
  END IF;
  RETURN NULL;
END
$$;
