-- POST species with `search` (issue 25, 4): `search_text LIKE '% <folded term>%'` (word starts of
-- every name, species-repository.ts) read every species row; a trigram index answers it.
-- pg_trgm ships with PostgreSQL 15 (Debian's postgresql-15) and with PGlite (loaded as an
-- extension, server/db/database.ts PGLITE_EXTENSIONS). It is a trusted extension: the database
-- owner may create it. It is database-wide: it goes to `public` whatever schema this migration
-- runs in (tests run one schema per app), under a lock so two schemas migrating at once do not
-- race to create it.
SELECT pg_advisory_xact_lock(hashtext('fieldmark:create extension pg_trgm'));
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

CREATE INDEX species_search_text_trgm_idx ON species USING gin (search_text public.gin_trgm_ops);
