-- Ebooks (SPEC §3 "Ebook", "Ebook page template"; §7 "Ebooks"; docs/api.md "Ebooks"): the
-- illustrated field-guide books administrators write, their numbered chapters (status Draft, Review
-- or Published), the species of each chapter with their text, the page templates pages are laid out
-- from, and the ebook media library: its pictures are `media` rows of kind 'ebook' (stored and
-- served as every uploaded photo is), described by `ebook_media`.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

ALTER TABLE media DROP CONSTRAINT media_kind_check;
ALTER TABLE media ADD CONSTRAINT media_kind_check
  CHECK (kind IN ('species', 'observation', 'hotspot', 'field_guide', 'ebook'));

CREATE TABLE ebooks (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  type text NOT NULL CHECK (type IN ('field_guide', 'checklist', 'photo_guide')),
  photo_category text NOT NULL DEFAULT '' CHECK (char_length(photo_category) <= 64),
  page_size text NOT NULL CHECK (page_size IN ('A4', 'A5', 'A6', 'Letter')),
  page_orientation text NOT NULL CHECK (page_orientation IN ('portrait', 'landscape')),
  -- [{title, chapter (a chapter number or null), level 1..3}], in printed order.
  toc jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  -- Moves with every change of the ebook, its chapters or their species.
  updated_at timestamptz NOT NULL
);
-- Names are unique ignoring case: a clone needs a name of its own.
CREATE UNIQUE INDEX ebooks_name_idx ON ebooks (lower(name));

CREATE TABLE ebook_chapters (
  ebook_id uuid NOT NULL REFERENCES ebooks (id) ON DELETE CASCADE,
  chapter integer NOT NULL CHECK (chapter BETWEEN 1 AND 999),
  title text NOT NULL DEFAULT '' CHECK (char_length(title) <= 200),
  status text NOT NULL DEFAULT 'Draft' CHECK (status IN ('Draft', 'Review', 'Published')),
  -- Markdown, stored as written (the renderer sanitises, as for CMS pages).
  content text NOT NULL DEFAULT '' CHECK (char_length(content) <= 200000),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (ebook_id, chapter)
);

-- The species of a chapter, in order, each with its own text. Species are reference rows that are
-- never deleted (a species leaving the lists stays as a tombstone), so the reference holds.
CREATE TABLE ebook_chapter_species (
  ebook_id uuid NOT NULL,
  chapter integer NOT NULL,
  species_id text NOT NULL REFERENCES species (id),
  position integer NOT NULL CHECK (position >= 1),
  content_species text NOT NULL DEFAULT '' CHECK (char_length(content_species) <= 20000),
  PRIMARY KEY (ebook_id, chapter, species_id),
  FOREIGN KEY (ebook_id, chapter) REFERENCES ebook_chapters (ebook_id, chapter) ON DELETE CASCADE
);
CREATE INDEX ebook_chapter_species_species_idx ON ebook_chapter_species (species_id);

-- The library's pictures: one row per `media` row of kind 'ebook'.
CREATE TABLE ebook_media (
  media_id uuid PRIMARY KEY REFERENCES media (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('photo', 'illustration', 'map', 'cover', 'background')),
  category text NOT NULL DEFAULT '' CHECK (char_length(category) <= 64),
  -- Folded name and category (src/contract/text.ts foldText), padded with spaces, for filter_search.
  search_text text NOT NULL DEFAULT ''
);
CREATE INDEX ebook_media_type_idx ON ebook_media (type, category);

CREATE TABLE ebook_page_templates (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
  template text NOT NULL CHECK (char_length(template) <= 100000),
  thumbnail uuid REFERENCES ebook_media (media_id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
