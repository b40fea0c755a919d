-- Issue 21: a country's bird list may be derived from IOC range descriptions rather than a real
-- checklist (server/db/species/derivedLists.ts, shipped only where the gate passes). Coverage says
-- so, computed from what is loaded (server/db/reference/coverage.ts): `derived` is true when every
-- species keying the classification to the country comes from a derived list. Admin rows keep false.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.
ALTER TABLE location_classifications ADD COLUMN derived boolean NOT NULL DEFAULT false;
