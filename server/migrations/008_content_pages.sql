-- Content pages (SPEC §2 /general-content-page/{slug}; §7 "GET cms/pages/{id}",
-- "GET cms/pages/slug/{slug}") and help (SPEC §2 /general-help[/{category}]; §7 "GET help",
-- "GET help/{topic}"). Bodies are Markdown, rendered and sanitised by the client. The terms, the
-- privacy policy and the first help topics are seeded at start-up (server/db/content/seed.ts),
-- never by this migration; a seeded row is never written again, so what an operator changes stays.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.
--
-- Administration (PUT/DELETE, a later issue) edits these rows in place: `updated_at` moves, and a
-- delete sets `deleted_at` and keeps the row, so its id and slug are never reused and the start-up
-- seed (which inserts only rows whose id and slug are free) never brings a deleted page back.

CREATE TABLE content_pages (
  -- Server-generated (the seed uses fixed ids, so every install names its terms the same).
  id uuid PRIMARY KEY,
  -- The address: /general-content-page/{slug}, e.g. 'terms-conditions', 'privacy-policy'.
  slug text NOT NULL UNIQUE
    CHECK (char_length(slug) <= 100 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  -- Markdown.
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

-- The groups the help page lists (/general-help/{category}); `sort` orders them.
CREATE TABLE help_categories (
  slug text PRIMARY KEY
    CHECK (char_length(slug) <= 100 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);

CREATE TABLE help_topics (
  id uuid PRIMARY KEY,
  -- GET help/{topic} names a topic by this (or by its id); unique over all categories.
  slug text NOT NULL UNIQUE
    CHECK (char_length(slug) <= 100 AND slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  category text NOT NULL REFERENCES help_categories (slug) ON UPDATE CASCADE,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 200),
  -- Markdown.
  body text NOT NULL,
  -- Order within the category.
  sort integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX help_topics_category_idx ON help_topics (category, sort) WHERE deleted_at IS NULL;
