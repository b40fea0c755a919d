-- Ads (SPEC §3 "Ad", §7 "Ads"; docs/api.md "Ads"): the ads admins run, how often each was handed
-- out per day, and each view a device reported (one row per view id, so a resent offline batch
-- never counts twice). Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

CREATE TABLE ads (
  id uuid PRIMARY KEY,
  title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 120),
  body text NOT NULL CHECK (char_length(body) <= 1000),
  image text CHECK (image ~ '^https?://'),
  link text CHECK (link ~ '^https?://'),
  placements text[] NOT NULL CHECK (placements <@ ARRAY['newsfeed', 'map']::text[]),
  -- Location ids it is shown in; empty: everywhere.
  regions text[] NOT NULL DEFAULT '{}',
  starts_at timestamptz,
  ends_at timestamptz CHECK (ends_at IS NULL OR starts_at IS NULL OR ends_at >= starts_at),
  active boolean NOT NULL DEFAULT true,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Kept so its stats stay readable and its id is never reused.
  deleted_at timestamptz
);
CREATE INDEX ads_live_idx ON ads (active) WHERE deleted_at IS NULL;

-- Impressions: one counter per ad and UTC day, incremented in place.
CREATE TABLE ad_impressions (
  ad_id uuid NOT NULL REFERENCES ads (id),
  day date NOT NULL,
  impressions integer NOT NULL DEFAULT 0,
  PRIMARY KEY (ad_id, day)
);

-- Views as devices report them: the view's totals so far, merged by taking the larger (a resent
-- or reordered batch changes nothing). `day` is the UTC day of first_view.
CREATE TABLE ad_views (
  ad_id uuid NOT NULL REFERENCES ads (id),
  view_id text NOT NULL CHECK (view_id ~ '^[A-Za-z0-9_-]{1,64}$'),
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  views integer NOT NULL DEFAULT 0,
  view_time bigint NOT NULL DEFAULT 0,
  first_view timestamptz,
  last_view timestamptz,
  clicked boolean NOT NULL DEFAULT false,
  scrolled_by boolean NOT NULL DEFAULT false,
  day date NOT NULL,
  PRIMARY KEY (ad_id, view_id)
);
CREATE INDEX ad_views_day_idx ON ad_views (ad_id, day);
