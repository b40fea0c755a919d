-- Reference data: the location hierarchy (countries → first-level regions), languages, the animal-
-- group classifications and which of them each country has a species list for. Filled from the
-- committed extract in server/db/reference/data by seeding at start-up (server/db/reference/seed.ts),
-- never by this migration, so a newer extract updates existing databases without a new migration.
-- Plain PostgreSQL 15 SQL (no PostGIS, no unaccent/pg_trgm): it runs unchanged on PGlite.

-- Ids are stable text: a country is its Natural Earth adm0_a3 ('ZAF'), a region its adm1_code
-- ('ZAF-1189'). ISO codes are columns, so checklists keyed by ISO 3166-1/-2 join on them.
CREATE TABLE locations (
  id text PRIMARY KEY,
  parent_id text REFERENCES locations (id) ON DELETE RESTRICT,
  type text NOT NULL CHECK (type IN ('country', 'region')),
  -- English name; `names` holds it by language id ({"en": …, "de": …}).
  name text NOT NULL,
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  iso_a2 text,
  iso_a3 text,
  iso_3166_2 text,
  continent text,
  -- The Natural Earth label point: a point inside the location, used as its centroid.
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- True when the location (or, for a region, its country) has a real species list for a group.
  has_species boolean NOT NULL DEFAULT false,
  -- Every name folded (lowercase, no accents, punctuation as spaces), one per line, padded with
  -- spaces; `search_name` is the folded English name. Written by the application (foldText).
  search_text text NOT NULL DEFAULT '',
  search_name text NOT NULL DEFAULT '',
  CONSTRAINT locations_hierarchy CHECK ((type = 'country') = (parent_id IS NULL))
);
-- Bounding-box prefilter of the nearest-first query.
CREATE INDEX locations_latitude_idx ON locations (latitude);
CREATE INDEX locations_longitude_idx ON locations (longitude);
CREATE INDEX locations_parent_idx ON locations (parent_id);
CREATE INDEX locations_iso_a2_idx ON locations (iso_a2) WHERE iso_a2 IS NOT NULL;
CREATE INDEX locations_iso_3166_2_idx ON locations (iso_3166_2) WHERE iso_3166_2 IS NOT NULL;

-- Languages for names (country names now, species names later).
CREATE TABLE languages (
  id text PRIMARY KEY,
  locale text NOT NULL,
  name text NOT NULL,
  native_name text NOT NULL,
  direction text NOT NULL DEFAULT 'ltr' CHECK (direction IN ('ltr', 'rtl')),
  sort integer NOT NULL DEFAULT 0
);

-- 'Birds|IOC', …: a group ('Birds') and an optional category ('IOC'), as the app config stores them.
-- scope 'checklist': offered where a country has a species list; 'world': the world list everywhere.
CREATE TABLE taxa_classifications (
  id text PRIMARY KEY,
  name text NOT NULL UNIQUE,
  group_id text NOT NULL,
  group_name text NOT NULL,
  category text,
  sort integer NOT NULL,
  is_default boolean NOT NULL DEFAULT false,
  scope text NOT NULL CHECK (scope IN ('checklist', 'world')),
  source text NOT NULL
);

-- Per location (countries; a region without its own row inherits its country's): whether the
-- classification is offered there, and what kind of list backs it.
CREATE TABLE location_classifications (
  location_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  classification_id text NOT NULL REFERENCES taxa_classifications (id) ON DELETE CASCADE,
  active boolean NOT NULL,
  coverage text NOT NULL CHECK (coverage IN ('local', 'world', 'none')),
  source text,
  PRIMARY KEY (location_id, classification_id),
  CONSTRAINT location_classifications_active CHECK (active = (coverage <> 'none'))
);

-- Which extract was imported last (its checksum), so start-up seeds only when it changed.
CREATE TABLE reference_imports (
  dataset text PRIMARY KEY,
  checksum text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);
