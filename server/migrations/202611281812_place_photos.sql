-- Photos of places (hotspots) and field guides (issue 15; docs/api.md "Photos of places and field
-- guides"): `media` rows of kind 'hotspot' or 'field_guide', uploaded by admins through the same
-- pipeline as species photos (upright, ≤ 2048 px JPEG, 320 px WebP thumbnail, no metadata).
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.
ALTER TABLE media DROP CONSTRAINT media_kind_check;
ALTER TABLE media ADD CONSTRAINT media_kind_check
  CHECK (kind IN ('species', 'observation', 'hotspot', 'field_guide'));
-- The place's or guide's id (hotspots.id, or field_guides.id as text). No foreign key: deleting a
-- place marks its photos deleted and removes their files (the row stays, as every deleted photo's).
ALTER TABLE media ADD COLUMN place_id text;
ALTER TABLE media ADD CONSTRAINT media_place_kind
  CHECK ((kind IN ('hotspot', 'field_guide')) = (place_id IS NOT NULL));
CREATE INDEX media_place_idx ON media (kind, place_id, created_at) WHERE deleted_at IS NULL;

-- The live photos as every answer and synced record carries them, [{media_id, path, thumbnail}]
-- oldest first: written with the media row in one transaction, so a new photo is a change of the
-- place (its `seq` moves) and reaches devices on their next pull. Adding the column changes no
-- `seq`: copies on devices have no photos until the place next changes.
ALTER TABLE hotspots ADD COLUMN photos jsonb NOT NULL DEFAULT '[]';
ALTER TABLE field_guides ADD COLUMN photos jsonb NOT NULL DEFAULT '[]';
