-- Species reference data (SPEC §3 "Species"): the world lists of birds, mammals, reptiles and
-- amphibians and the checklists that key species to locations. Filled by the importer
-- (server/db/species/seed.ts: the committed demo extract at start-up, or the full lists with
-- `npm run cli -- import:species --from ../shared/data`), never by this migration.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

-- Ids are stable text, `<source>-<source id>`: 'avibase-2247cb05' (AviList, by its Avibase id),
-- 'ioc-struthio-camelus' (an IOC v10.2 species AviList has no species of that name for),
-- 'mdd-1000522', 'rdb-11256', 'aweb-8097'. One bird row carries both bird lists: `taxa` is its
-- Birds|Clements entry, `taxa_alt` its Birds|IOC entry (see docs/data-sources.md "Species data").
CREATE TABLE species (
  id text PRIMARY KEY,
  group_id text NOT NULL CHECK (group_id IN ('birds', 'mammals', 'reptiles', 'amphibians')),
  -- taxa_classifications ids the species is in ('birds-ioc', 'mammals-larger', …): `taxa` and the
  -- enabled `taxa_alt` entries, for filtering by the app config's classifications.
  classifications text[] NOT NULL,
  scientific_name text NOT NULL,
  authority text,
  taxon_order text,
  family text,
  -- English name (names.en), else the scientific name.
  name text NOT NULL,
  -- Name by language id ({"en": …, "fr": …}).
  names jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- {system, category, classification, group_name, name, english_name?, code?}; taxa_alt is a list
  -- of the same with `enabled`.
  taxa jsonb NOT NULL,
  taxa_alt jsonb NOT NULL DEFAULT '[]'::jsonb,
  -- {"thumbs": [{media_id, path}]}: empty, there are no openly licensed photos to ship.
  photo jsonb NOT NULL DEFAULT '{"thumbs": []}'::jsonb,
  extinct boolean NOT NULL DEFAULT false,
  -- Mammals: the EltonTraits body mass behind Larger/Small, and what it is the mass of.
  body_mass_g double precision,
  body_mass_basis text CHECK (body_mass_basis IN ('species', 'genus', 'family', 'order')),
  source text NOT NULL CHECK (source IN ('avilist', 'ioc', 'mdd', 'rdb', 'amphibiaweb')),
  source_id text NOT NULL,
  -- Taxonomic order within the group where the list has one; 0 otherwise (then family, name).
  sort integer NOT NULL DEFAULT 0,
  -- Folded names, one per line, padded with spaces (as locations.search_text); search_name is the
  -- folded `name`.
  search_text text NOT NULL DEFAULT '',
  search_name text NOT NULL DEFAULT '',
  -- Sync bookkeeping, so the table can be served as a read-only collection: `mod` grows with every
  -- change the importer writes (unique per written row), `rev` is '<counter>_<content hash>'.
  -- A species that leaves the lists is kept as a tombstone (deleted = true).
  mod bigint NOT NULL,
  rev text NOT NULL,
  deleted boolean NOT NULL DEFAULT false
);
CREATE INDEX species_classifications_idx ON species USING gin (classifications);
CREATE INDEX species_group_idx ON species (group_id, sort);
CREATE INDEX species_scientific_name_idx ON species (scientific_name);
CREATE INDEX species_mod_idx ON species (mod);

-- Which species a checklist keys to a location (a country, or a US state for mammals).
-- occurrence: present / uncertain (MDD), native / introduced (AmphibiaWeb), listed (BBS list),
-- endemic / native / introduced / … (NZ list). source: the checklist (coverage.csv keys).
CREATE TABLE species_locations (
  species_id text NOT NULL REFERENCES species (id) ON DELETE CASCADE,
  location_id text NOT NULL REFERENCES locations (id) ON DELETE CASCADE,
  occurrence text NOT NULL,
  source text NOT NULL,
  PRIMARY KEY (species_id, location_id)
);
-- "Species of classification X in location Y": species_locations by location, then species by id
-- with `classifications @> ARRAY[X]`.
CREATE INDEX species_locations_location_idx ON species_locations (location_id, species_id);
