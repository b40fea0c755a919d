-- Places (hotspots) and field guides (issue 15; docs/places.md). Geometry without PostGIS: plain
-- latitude/longitude columns on B-tree indexes for a bounding-box prefilter, the haversine distance
-- and an even-odd polygon test written in SQL (toolchain note "Geo queries"). Plain PostgreSQL 15 SQL:
-- it runs unchanged on PGlite.

CREATE TABLE hotspots (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$'),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  -- The region (or country) it lies in; a location in use cannot be deleted (DELETE locations/{id}
  -- answers 409 first, naming what uses it).
  location_id text REFERENCES locations (id) ON DELETE RESTRICT,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- A GeoJSON Polygon ([longitude, latitude] positions), checked by the API; NULL: the radius.
  boundary jsonb,
  radius_km double precision NOT NULL DEFAULT 5 CHECK (radius_km > 0 AND radius_km <= 200),
  -- The bounding box of the place's area (the boundary's, else the radius circle's), so "which
  -- places contain this point" narrows on indexes before the exact test.
  min_lat double precision NOT NULL,
  max_lat double precision NOT NULL,
  min_lng double precision NOT NULL,
  max_lng double precision NOT NULL,
  habitat text[] NOT NULL DEFAULT '{}',
  -- The folded name (foldText), padded with spaces, for search.
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX hotspots_latitude_idx ON hotspots (latitude);
CREATE INDEX hotspots_longitude_idx ON hotspots (longitude);
CREATE INDEX hotspots_area_idx ON hotspots (min_lat, max_lat);
CREATE INDEX hotspots_location_idx ON hotspots (location_id);
CREATE INDEX hotspots_search_trgm_idx ON hotspots USING gin (search_text public.gin_trgm_ops);

-- Species regular at a place: curated by admins.
CREATE TABLE hotspot_species (
  hotspot_id text NOT NULL REFERENCES hotspots (id) ON DELETE CASCADE,
  species_id text NOT NULL REFERENCES species (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (hotspot_id, species_id)
);
CREATE INDEX hotspot_species_species_idx ON hotspot_species (species_id);

-- One rating per member and place.
CREATE TABLE hotspot_ratings (
  hotspot_id text NOT NULL REFERENCES hotspots (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (hotspot_id, user_id)
);

-- A guiding service a member can book (not a book: docs/places.md).
CREATE TABLE field_guides (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  about text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  languages text[] NOT NULL DEFAULT '{}',
  location_id text REFERENCES locations (id) ON DELETE RESTRICT,
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  search_text text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX field_guides_latitude_idx ON field_guides (latitude);
CREATE INDEX field_guides_longitude_idx ON field_guides (longitude);
CREATE INDEX field_guides_location_idx ON field_guides (location_id);
CREATE INDEX field_guides_search_trgm_idx ON field_guides USING gin (search_text public.gin_trgm_ops);

CREATE TABLE field_guide_species (
  field_guide_id uuid NOT NULL REFERENCES field_guides (id) ON DELETE CASCADE,
  species_id text NOT NULL REFERENCES species (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (field_guide_id, species_id)
);
CREATE INDEX field_guide_species_species_idx ON field_guide_species (species_id);

-- Which guides work at which places: one table behind hotspots/{id}/guides and
-- field_guides/{id}/hotspots. Deleting either side removes the links.
CREATE TABLE hotspot_guides (
  hotspot_id text NOT NULL REFERENCES hotspots (id) ON DELETE CASCADE,
  field_guide_id uuid NOT NULL REFERENCES field_guides (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (hotspot_id, field_guide_id)
);
CREATE INDEX hotspot_guides_guide_idx ON hotspot_guides (field_guide_id);

-- Is (lat, lng) inside a GeoJSON Polygon? Even-odd rule over every edge of every ring, so holes are
-- outside. The API stores only closed rings with numeric positions. The inner CASE keeps the
-- division away from horizontal edges (CASE evaluates in order).
CREATE FUNCTION place_contains(boundary jsonb, lat double precision, lng double precision)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(sum(
    CASE WHEN (y1 > lat) <> (y2 > lat) THEN
      CASE WHEN lng < (x2 - x1) * (lat - y1) / (y2 - y1) + x1 THEN 1 ELSE 0 END
    ELSE 0 END) % 2 = 1, false)
  FROM (
    SELECT (q.p->>0)::double precision AS x1, (q.p->>1)::double precision AS y1,
           lead((q.p->>0)::double precision) OVER w AS x2,
           lead((q.p->>1)::double precision) OVER w AS y2
    FROM jsonb_array_elements(boundary->'coordinates') WITH ORDINALITY AS r(ring, rn),
         jsonb_array_elements(r.ring) WITH ORDINALITY AS q(p, pn)
    WINDOW w AS (PARTITION BY r.rn ORDER BY q.pn)
  ) AS edges
  WHERE x2 IS NOT NULL
$$;

-- A sighting's coordinate (data.coordinate.coordinates = [lng, lat]) as numbers, NULL when it has
-- none. Clamped in numeric before the cast, so no stored value can make the expression (or the
-- index below) fail; real coordinates are never changed by the clamp.
CREATE FUNCTION sighting_latitude(data jsonb) RETURNS double precision
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(data->'coordinate'->'coordinates'->1) = 'number'
    THEN least(greatest((data->'coordinate'->'coordinates'->>1)::numeric, -1000), 1000)::double precision END
$$;
CREATE FUNCTION sighting_longitude(data jsonb) RETURNS double precision
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(data->'coordinate'->'coordinates'->0) = 'number'
    THEN least(greatest((data->'coordinate'->'coordinates'->>0)::numeric, -1000), 1000)::double precision END
$$;

-- Public sightings by position (species seen at a place, popularity). Queries spell the same
-- expressions and predicate literals (server/plugins/app/places/geo-sql.ts).
CREATE INDEX collection_records_sightings_public_point_idx
  ON collection_records (sighting_latitude(data), sighting_longitude(data))
  WHERE collection = 'species_observations' AND NOT deleted AND data @> '{"public": true}';

-- Members' live likes of a place (counted for popularity; tombstoned when the place is deleted).
CREATE INDEX collection_records_hotspot_likes_idx
  ON collection_records ((data->>'hotspot_id'))
  WHERE collection = 'hotspot_likes' AND NOT deleted;
