-- The read-only `hotspots` and `field_guides` sync collections (issue 15; docs/sync.md "The places
-- collections"): a device pulls the places and guides of its member's region with the collection
-- protocol. Their cursor is `seq`, one sequence for both tables, bumped by triggers on every insert
-- and update; a deleted row leaves a tombstone with the next value. Every trigger first takes one
-- transaction-scoped advisory lock, so values are handed out in commit order and a pull never passes
-- a row committed later with a smaller value (docs/sync.md "The cursor").

CREATE SEQUENCE place_changes_seq;

ALTER TABLE hotspots ADD COLUMN seq bigint NOT NULL DEFAULT nextval('place_changes_seq');
ALTER TABLE field_guides ADD COLUMN seq bigint NOT NULL DEFAULT nextval('place_changes_seq');
CREATE INDEX hotspots_seq_idx ON hotspots (seq);
CREATE INDEX field_guides_seq_idx ON field_guides (seq);

-- A deleted place or guide, so devices that hold it drop it; kept indefinitely (a device may come
-- back with any old cursor). `collection` is the sync collection's name.
CREATE TABLE place_tombstones (
  collection text NOT NULL CHECK (collection IN ('hotspots', 'field_guides')),
  id text NOT NULL,
  seq bigint NOT NULL,
  deleted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection, id)
);
CREATE INDEX place_tombstones_seq_idx ON place_tombstones (collection, seq);

CREATE FUNCTION place_next_seq() RETURNS bigint
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('place_changes_seq', 0));
  RETURN nextval('place_changes_seq');
END $$;

CREATE FUNCTION place_stamp_seq() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.seq := place_next_seq();
  RETURN NEW;
END $$;

CREATE TRIGGER hotspots_stamp_seq BEFORE INSERT OR UPDATE ON hotspots
  FOR EACH ROW EXECUTE FUNCTION place_stamp_seq();
CREATE TRIGGER field_guides_stamp_seq BEFORE INSERT OR UPDATE ON field_guides
  FOR EACH ROW EXECUTE FUNCTION place_stamp_seq();

-- TG_ARGV[0]: the collection's name.
CREATE FUNCTION place_tombstone() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO place_tombstones (collection, id, seq) VALUES (TG_ARGV[0], OLD.id::text, place_next_seq())
  ON CONFLICT (collection, id) DO UPDATE SET seq = EXCLUDED.seq, deleted_at = EXCLUDED.deleted_at;
  RETURN OLD;
END $$;

CREATE TRIGGER hotspots_tombstone AFTER DELETE ON hotspots
  FOR EACH ROW EXECUTE FUNCTION place_tombstone('hotspots');
CREATE TRIGGER field_guides_tombstone AFTER DELETE ON field_guides
  FOR EACH ROW EXECUTE FUNCTION place_tombstone('field_guides');

-- A guide's record counts the places they guide at, and the region filter follows those places: a
-- link added or removed is a change of the guide. (A guide being deleted is no longer visible to
-- this UPDATE when its links cascade, so it touches nothing.)
CREATE FUNCTION place_touch_guide() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE field_guides SET updated_at = now()
  WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.field_guide_id ELSE NEW.field_guide_id END);
  RETURN NULL;
END $$;

CREATE TRIGGER hotspot_guides_touch_guide AFTER INSERT OR DELETE ON hotspot_guides
  FOR EACH ROW EXECUTE FUNCTION place_touch_guide();
