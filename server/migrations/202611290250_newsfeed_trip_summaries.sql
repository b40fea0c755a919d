-- Trip summaries in the newsfeed (issue 16; docs/api.md "Newsfeed"): a member's trip becomes a
-- feed item of type `trip_summary` while it is a valid, live trip with at least one public sighting
-- (linked to it or dated within it, as sightingInTrip says). The item carries only the trip's id:
-- answers read the trip and its public sightings when they are built (name, dates, counts, a few
-- photos; never a coordinate), so a private sighting is never counted or shown.
--
-- Kept by triggers on the sync store, like the sightings' items: every way a trip or sighting
-- reaches the server (a device push, a REST write, DELETE trips/{id}) updates the item the same
-- way. Its id is fixed by the owner and trip ('t~' || md5), so an edit or a re-sync moves it (a new
-- mark) and never duplicates it; a deleted trip, or one whose last public sighting went private
-- or was deleted, leaves the feed (the item becomes a tombstone).

ALTER TABLE newsfeed_items DROP CONSTRAINT newsfeed_items_type_check;
ALTER TABLE newsfeed_items ADD CONSTRAINT newsfeed_items_type_check
  CHECK (type IN ('post', 'sighting', 'lifer', 'group_member', 'trip_summary'));

-- A trip record's data as isTrip (src/contract/trips.ts) needs it for the summary: a name and
-- whole-second dates in order.
CREATE FUNCTION newsfeed_trip_valid(data jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_typeof(data->'name') = 'string'
    AND jsonb_typeof(data->'date_start') = 'number'
    AND jsonb_typeof(data->'date_end') = 'number'
    AND (data->>'date_end')::numeric >= (data->>'date_start')::numeric
$$;

-- A sighting's data belongs to the trip (record id, data): linked to it or dated within it
-- (sightingInTrip in src/contract/trips.ts).
CREATE FUNCTION newsfeed_trip_covers(trip_id text, trip jsonb, sighting jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_typeof(sighting->'trips') = 'array' AND sighting->'trips' @> jsonb_build_array(trip_id), false)
    OR COALESCE(jsonb_typeof(sighting->'date') = 'number'
      AND (sighting->>'date')::numeric BETWEEN (trip->>'date_start')::numeric AND (trip->>'date_end')::numeric, false)
$$;

-- Writes, moves or removes the summary item of one trip, from what is stored now.
CREATE FUNCTION newsfeed_trip_refresh(p_owner uuid, p_trip text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  item_id text := 't~' || md5(p_owner::text || '/' || p_trip);
  trip_data jsonb;
  shown boolean := false;
BEGIN
  SELECT data INTO trip_data FROM collection_records
  WHERE collection = 'trips' AND owner_id = p_owner AND id = p_trip AND NOT deleted;
  IF trip_data IS NOT NULL AND newsfeed_trip_valid(trip_data) THEN
    -- Dated within: the public sightings' date index; linked: the member's public sightings.
    shown := EXISTS (
        SELECT 1 FROM collection_records
        WHERE collection = 'species_observations' AND owner_id = p_owner AND NOT deleted
          AND data @> '{"public": true}'
          AND (CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END)
            BETWEEN (trip_data->>'date_start')::numeric AND (trip_data->>'date_end')::numeric
          AND sighting_counted(deleted, data))
      OR EXISTS (
        SELECT 1 FROM collection_records
        WHERE collection = 'species_observations' AND owner_id = p_owner AND NOT deleted
          AND data @> '{"public": true}'
          AND data @> jsonb_build_object('trips', jsonb_build_array(p_trip))
          AND sighting_counted(deleted, data));
  END IF;
  IF shown THEN
    PERFORM pg_advisory_xact_lock(hashtext('fieldmark:newsfeed_mod'));
    INSERT INTO newsfeed_items (id, type, author_id, trip_id, created_at, updated_at)
    VALUES (item_id, 'trip_summary', p_owner, p_trip, now(), now())
    ON CONFLICT (id) DO UPDATE SET mod = nextval('newsfeed_mod_seq'), updated_at = now(), deleted_at = NULL;
  ELSIF EXISTS (SELECT 1 FROM newsfeed_items WHERE id = item_id AND deleted_at IS NULL) THEN
    PERFORM pg_advisory_xact_lock(hashtext('fieldmark:newsfeed_mod'));
    UPDATE newsfeed_items SET deleted_at = now(), updated_at = now(), mod = nextval('newsfeed_mod_seq')
    WHERE id = item_id AND deleted_at IS NULL;
  END IF;
END
$$;

CREATE FUNCTION newsfeed_trip_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted = NEW.deleted AND OLD.data = NEW.data THEN
    RETURN NULL;
  END IF;
  PERFORM newsfeed_trip_refresh(NEW.owner_id, NEW.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER collection_records_newsfeed_trips AFTER INSERT OR UPDATE ON collection_records
  FOR EACH ROW WHEN (NEW.collection = 'trips') EXECUTE FUNCTION newsfeed_trip_sync();

-- The sightings' trigger (202611280056_newsfeed_marks.sql) also refreshes the summaries of the
-- owner's trips that a public sighting belongs to, before or after the change (a sighting moved
-- out of a trip, made private or deleted changes that trip's summary too).
CREATE OR REPLACE FUNCTION newsfeed_sighting_sync() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  item_id text := 's~' || md5(NEW.owner_id::text || '/' || NEW.id);
  now_shown boolean;
  was_shown boolean := false;
  trip record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted = NEW.deleted AND OLD.data = NEW.data THEN
    RETURN NULL;
  END IF;
  now_shown := sighting_counted(NEW.deleted, NEW.data) AND NEW.data @> '{"public": true}';
  IF TG_OP = 'UPDATE' THEN
    was_shown := sighting_counted(OLD.deleted, OLD.data) AND OLD.data @> '{"public": true}';
  END IF;
  IF now_shown THEN
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
  IF now_shown OR was_shown THEN
    FOR trip IN
      SELECT id FROM collection_records
      WHERE collection = 'trips' AND owner_id = NEW.owner_id AND NOT deleted AND newsfeed_trip_valid(data)
        AND ((now_shown AND newsfeed_trip_covers(id, data, NEW.data))
          OR (was_shown AND newsfeed_trip_covers(id, data, OLD.data)))
    LOOP
      PERFORM newsfeed_trip_refresh(NEW.owner_id, trip.id);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;

-- Trips that already have public sightings join the feed in the order they were written.
SELECT newsfeed_trip_refresh(owner_id, id)
FROM collection_records
WHERE collection = 'trips' AND NOT deleted
ORDER BY seq;
