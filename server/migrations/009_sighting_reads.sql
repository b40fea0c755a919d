-- Reads of sightings that must not grow with a member's history (issue 25, 4b): the
-- `species_observations` records of collection_records get expression indexes on their date,
-- species and public flag, and a summary table (sighting_groups) that the stats and the targeted
-- species read instead of every sighting. Nothing here changes what the collection push writes:
-- the indexes are on expressions of `data`, and the summary is kept by statement triggers.
-- Plain PostgreSQL 15 SQL (plpgsql, transition tables): it runs unchanged on PGlite.
--
-- The expressions below are the ones the reads use (server/plugins/app/observations/
-- observation-reads.ts: dateSql, speciesSql, PUBLIC_SQL); a query uses an index only when it
-- spells the expression the same way, and a partial index only when its WHERE has the same
-- literals ('species_observations', '{"public": true}'), so those are never query parameters.
--   date:    CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END
--   species: COALESCE(data->>'species_id', '')      ('' = an unspecified sighting)

-- A member's sightings, newest date first, ties by id in byte order (GET observations, the
-- startup fetch of 500, the sightings of a member's stats).
CREATE INDEX collection_records_sightings_date_idx ON collection_records (
  owner_id,
  (CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END) DESC NULLS LAST,
  id COLLATE "C"
) WHERE collection = 'species_observations' AND NOT deleted;

-- The same for another member's view: public ones only.
CREATE INDEX collection_records_sightings_public_date_idx ON collection_records (
  owner_id,
  (CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END) DESC NULLS LAST,
  id COLLATE "C"
) WHERE collection = 'species_observations' AND NOT deleted AND data @> '{"public": true}';

-- A member's sightings of one species, earliest first: the lifer of a (member, species) is the
-- first entry with a date (LIMIT 1); also a member's list filtered by species, backwards.
CREATE INDEX collection_records_sightings_species_idx ON collection_records (
  owner_id,
  (COALESCE(data->>'species_id', '')),
  (CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END) NULLS FIRST,
  id COLLATE "C"
) WHERE collection = 'species_observations' AND NOT deleted;

-- A member's sightings of one species in change order (GET species/{id}?observations=true, paged).
CREATE INDEX collection_records_sightings_species_seq_idx ON collection_records (
  owner_id,
  (COALESCE(data->>'species_id', '')),
  seq
) WHERE collection = 'species_observations' AND NOT deleted;

-- Every member's public sightings of one species, newest first (GET species/{id}/observations).
CREATE INDEX collection_records_sightings_public_species_idx ON collection_records (
  (COALESCE(data->>'species_id', '')),
  (CASE WHEN jsonb_typeof(data->'date') = 'number' THEN (data->>'date')::numeric END) DESC NULLS LAST,
  id COLLATE "C",
  owner_id
) WHERE collection = 'species_observations' AND NOT deleted AND data @> '{"public": true}';

-- ---- The summary ------------------------------------------------------------------------------
--
-- A sighting counts (in stats and targets) when it is a live `species_observations` record whose
-- data has a whole-number `date` in 0 … 9999-12-31 (as an Observation's), a boolean `public` and a
-- `species_id` that is a string or null: the fields the figures read. (The push refuses records that are not whole Observations; records
-- stored before it did are listed by `npm run cli -- records:check`.)
CREATE FUNCTION sighting_counted(deleted boolean, data jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT NOT deleted
    AND jsonb_typeof(data->'date') = 'number'
    AND (data->>'date')::numeric BETWEEN 0 AND 253402300799
    AND (data->>'date')::numeric = trunc((data->>'date')::numeric)
    AND jsonb_typeof(data->'public') = 'boolean'
    AND COALESCE(jsonb_typeof(data->'species_id'), '') IN ('string', 'null')
$$;

-- The location ids of a sighting (the keys of data.location.names), sorted in byte order.
CREATE FUNCTION sighting_places(data jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(data->'location'->'names') = 'object'
    THEN ARRAY(SELECT k COLLATE "C" FROM jsonb_object_keys(data->'location'->'names') AS k ORDER BY 1)
    ELSE '{}'::text[] END
$$;

-- The member's own photo of a sighting, as userStats picks it (src/contract/stats.ts ownPhotoOf):
-- of the media that are not species thumbnails, the first featured one, else the first; its path.
CREATE FUNCTION sighting_photo(data jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(data->'media') = 'array' AND jsonb_array_length(data->'media') > 0 THEN (
  SELECT m.item->>'path'
  FROM jsonb_array_elements(CASE WHEN jsonb_typeof(data->'media') = 'array' THEN data->'media'
                                 ELSE '[]'::jsonb END) WITH ORDINALITY AS m(item, n)
  WHERE jsonb_typeof(m.item) = 'object' AND (m.item->'species_thumb') IS DISTINCT FROM 'true'::jsonb
  ORDER BY (m.item->'featured') = 'true'::jsonb DESC NULLS LAST, m.n
  LIMIT 1) END
$$;

-- What a group reads of one counted sighting.
CREATE TYPE sighting_fact AS (
  owner_id uuid,
  id text COLLATE "C",
  species_id text,
  public boolean,
  places text[],
  date numeric,
  photo text
);

CREATE FUNCTION sighting_fact_of(owner_id uuid, id text, data jsonb) RETURNS sighting_fact
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(owner_id, id, COALESCE(data->>'species_id', ''), data->'public' = 'true'::jsonb,
    sighting_places(data), (data->>'date')::numeric, sighting_photo(data))::sighting_fact
$$;

-- One row per member, species ('' = unspecified), public flag and set of location ids: how many
-- counted sightings, the earliest (date, then id in byte order: the lifer rule's order), the
-- latest date, and the latest sighting with the member's own photo. Members have far fewer groups
-- than sightings (species × places), and stats, targets and the species figures add groups up.
--
-- `count` is always exact. The rest only grows on its own: when a sighting leaves a group (edit,
-- delete) and it may have been the earliest, the latest or the photo's, the group is marked
-- `stale`, and readers call sighting_groups_refresh(owner) first, which recomputes that member's
-- stale species from their sightings (through collection_records_sightings_species_idx).
CREATE TABLE sighting_groups (
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  species_id text NOT NULL,
  public boolean NOT NULL,
  places text[] NOT NULL,
  count integer NOT NULL,
  first_date numeric NOT NULL,
  first_id text COLLATE "C" NOT NULL,
  last_date numeric NOT NULL,
  photo_date numeric,
  photo_id text COLLATE "C",
  photo text,
  stale boolean NOT NULL DEFAULT false,
  PRIMARY KEY (owner_id, species_id, public, places)
);
CREATE INDEX sighting_groups_public_species_idx ON sighting_groups (species_id) WHERE public;
CREATE INDEX sighting_groups_stale_idx ON sighting_groups (owner_id) WHERE stale;

-- Applies one statement's changes: `removed` are the rows as they were, `added` as they are now.
-- Only commutative steps (counts added and subtracted, extremes widened, `stale` set), so the
-- INSERT and UPDATE triggers of one INSERT … ON CONFLICT DO UPDATE may fire in either order.
CREATE FUNCTION sighting_groups_apply(removed sighting_fact[], added sighting_fact[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  gone sighting_fact[];
  came sighting_fact[];
BEGIN
  -- An edit that changed none of the fields a group reads (a note, the lifer flag) cancels out.
  IF cardinality(removed) = 0 OR cardinality(added) = 0 THEN
    gone := removed;
    came := added;
  ELSE
    gone := ARRAY(SELECT r FROM unnest(removed) AS r EXCEPT ALL SELECT a FROM unnest(added) AS a);
    came := ARRAY(SELECT a FROM unnest(added) AS a EXCEPT ALL SELECT r FROM unnest(removed) AS r);
  END IF;

  IF cardinality(gone) > 0 THEN
    UPDATE sighting_groups AS g SET
      count = g.count - r.n,
      stale = g.stale OR r.min_date <= g.first_date OR r.max_date >= g.last_date
        OR g.photo_id = ANY (r.ids)
    FROM (
      SELECT f.owner_id, f.species_id, f.public, f.places, count(*)::int AS n,
        min(f.date) AS min_date, max(f.date) AS max_date, array_agg(f.id) AS ids
      FROM unnest(gone) AS f GROUP BY 1, 2, 3, 4
    ) AS r
    WHERE g.owner_id = r.owner_id AND g.species_id = r.species_id AND g.public = r.public
      AND g.places = r.places;
  END IF;

  IF cardinality(came) > 0 THEN
    INSERT INTO sighting_groups AS g (owner_id, species_id, public, places, count, first_date,
      first_id, last_date, photo_date, photo_id, photo)
    SELECT f.owner_id, f.species_id, f.public, f.places, count(*)::int, min(f.date),
      (array_agg(f.id ORDER BY f.date, f.id))[1], max(f.date),
      (array_agg(f.date ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1],
      (array_agg(f.id ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1],
      (array_agg(f.photo ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1]
    FROM unnest(came) AS f GROUP BY 1, 2, 3, 4
    ON CONFLICT (owner_id, species_id, public, places) DO UPDATE SET
      count = g.count + EXCLUDED.count,
      first_id = CASE WHEN (EXCLUDED.first_date, EXCLUDED.first_id) < (g.first_date, g.first_id)
        THEN EXCLUDED.first_id ELSE g.first_id END,
      first_date = LEAST(g.first_date, EXCLUDED.first_date),
      last_date = GREATEST(g.last_date, EXCLUDED.last_date),
      photo_date = CASE WHEN EXCLUDED.photo_id IS NOT NULL AND (g.photo_id IS NULL
          OR (EXCLUDED.photo_date, EXCLUDED.photo_id) > (g.photo_date, g.photo_id))
        THEN EXCLUDED.photo_date ELSE g.photo_date END,
      photo_id = CASE WHEN EXCLUDED.photo_id IS NOT NULL AND (g.photo_id IS NULL
          OR (EXCLUDED.photo_date, EXCLUDED.photo_id) > (g.photo_date, g.photo_id))
        THEN EXCLUDED.photo_id ELSE g.photo_id END,
      photo = CASE WHEN EXCLUDED.photo_id IS NOT NULL AND (g.photo_id IS NULL
          OR (EXCLUDED.photo_date, EXCLUDED.photo_id) > (g.photo_date, g.photo_id))
        THEN EXCLUDED.photo ELSE g.photo END;
  END IF;
END $$;

CREATE FUNCTION sighting_groups_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sighting_groups_apply('{}', ARRAY(
    SELECT sighting_fact_of(n.owner_id, n.id, n.data) FROM new_rows AS n
    WHERE n.collection = 'species_observations' AND sighting_counted(n.deleted, n.data)));
  RETURN NULL;
END $$;

CREATE FUNCTION sighting_groups_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sighting_groups_apply(
    ARRAY(SELECT sighting_fact_of(o.owner_id, o.id, o.data) FROM old_rows AS o
      WHERE o.collection = 'species_observations' AND sighting_counted(o.deleted, o.data)),
    ARRAY(SELECT sighting_fact_of(n.owner_id, n.id, n.data) FROM new_rows AS n
      WHERE n.collection = 'species_observations' AND sighting_counted(n.deleted, n.data)));
  RETURN NULL;
END $$;

CREATE FUNCTION sighting_groups_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sighting_groups_apply(ARRAY(
    SELECT sighting_fact_of(o.owner_id, o.id, o.data) FROM old_rows AS o
    WHERE o.collection = 'species_observations' AND sighting_counted(o.deleted, o.data)), '{}');
  RETURN NULL;
END $$;

CREATE TRIGGER collection_records_sighting_groups_insert AFTER INSERT ON collection_records
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sighting_groups_on_insert();
CREATE TRIGGER collection_records_sighting_groups_update AFTER UPDATE ON collection_records
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sighting_groups_on_update();
CREATE TRIGGER collection_records_sighting_groups_delete AFTER DELETE ON collection_records
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sighting_groups_on_delete();

-- Recomputes the member's stale groups, whole species at a time, from their sightings. Takes the
-- member's push lock (owned-records.ts: pg_advisory_xact_lock of 'species_observations:<id>'), so
-- a push cannot add to a group between this read of the sightings and the write of the group.
CREATE FUNCTION sighting_groups_refresh(member uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  stale_species text[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM sighting_groups WHERE owner_id = member AND stale) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('species_observations:' || member::text, 0));
  stale_species := ARRAY(SELECT DISTINCT species_id FROM sighting_groups WHERE owner_id = member AND stale);
  DELETE FROM sighting_groups WHERE owner_id = member AND species_id = ANY (stale_species);
  INSERT INTO sighting_groups (owner_id, species_id, public, places, count, first_date, first_id,
    last_date, photo_date, photo_id, photo)
  SELECT f.owner_id, f.species_id, f.public, f.places, count(*)::int, min(f.date),
    (array_agg(f.id ORDER BY f.date, f.id))[1], max(f.date),
    (array_agg(f.date ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1],
    (array_agg(f.id ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1],
    (array_agg(f.photo ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1]
  FROM collection_records AS c CROSS JOIN LATERAL sighting_fact_of(c.owner_id, c.id, c.data) AS f
  WHERE c.collection = 'species_observations' AND NOT c.deleted AND c.owner_id = member
    AND COALESCE(c.data->>'species_id', '') = ANY (stale_species)
    AND sighting_counted(c.deleted, c.data)
  GROUP BY 1, 2, 3, 4;
END $$;

-- The sightings stored before this migration.
INSERT INTO sighting_groups (owner_id, species_id, public, places, count, first_date, first_id,
  last_date, photo_date, photo_id, photo)
SELECT f.owner_id, f.species_id, f.public, f.places, count(*)::int, min(f.date),
  (array_agg(f.id ORDER BY f.date, f.id))[1], max(f.date),
  (array_agg(f.date ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1],
  (array_agg(f.id ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1],
  (array_agg(f.photo ORDER BY f.date DESC, f.id DESC) FILTER (WHERE f.photo IS NOT NULL))[1]
FROM collection_records AS c CROSS JOIN LATERAL sighting_fact_of(c.owner_id, c.id, c.data) AS f
WHERE c.collection = 'species_observations' AND sighting_counted(c.deleted, c.data)
GROUP BY 1, 2, 3, 4;
