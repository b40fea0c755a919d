-- Synced member-owned collections (docs/sync.md): one generic table for every collection whose
-- records belong to one member (species_observations, trips, hotspot_likes, …). Read-only
-- reference collections (species) are served from their own tables through the same protocol.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

-- The pull cursor. `mod` is the change time in seconds and many changes share one second, so
-- pulls do not page by time: every stored change takes the next value of this sequence, and
-- GET collection/{name}?last_mod=N answers the rows with seq > N in seq order (the answer's
-- last_mod is the last seq it holds). Pushes to one (collection, owner) are serialised by a
-- transaction-scoped advisory lock, so within what one pull can see, seq order is commit order
-- and a row can never appear behind a cursor that has already passed it.
CREATE SEQUENCE collection_records_seq AS bigint;

CREATE TABLE collection_records (
  collection text NOT NULL,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Client-generated (UUIDv7 or similar); unique per collection and owner.
  id text NOT NULL CHECK (char_length(id) BETWEEN 1 AND 64),
  -- '<counter>_<suffix>', kept whole and split, so SQL compares exactly as compareRev does:
  -- the counter numerically, then the suffix in byte order (COLLATE "C").
  rev text NOT NULL,
  rev_counter bigint NOT NULL CHECK (rev_counter >= 0),
  rev_suffix text COLLATE "C" NOT NULL,
  -- Server time of the last accepted change, in seconds (informational; the cursor is seq).
  mod bigint NOT NULL,
  seq bigint NOT NULL DEFAULT nextval('collection_records_seq'),
  -- A tombstone: kept (with data emptied) so the deletion reaches every device.
  deleted boolean NOT NULL DEFAULT false,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (collection, owner_id, id),
  CONSTRAINT collection_records_rev_parts CHECK (rev = rev_counter::text || '_' || rev_suffix)
);
ALTER SEQUENCE collection_records_seq OWNED BY collection_records.seq;

-- Pulls: one owner's changes in one collection after a cursor.
CREATE INDEX collection_records_pull_idx ON collection_records (collection, owner_id, seq);
