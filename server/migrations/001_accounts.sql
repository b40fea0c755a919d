-- Accounts: members, their tokens, password resets, email verifications and social identities.
-- Plain PostgreSQL 15 SQL: it runs unchanged on the embedded PGlite (PG 18) and on PostgreSQL 15+.
-- Timestamps are written by the application's clock (so tests can move it), defaults are fallbacks.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The login name; stored trimmed and lowercased so the unique index is case-insensitive.
  email text NOT NULL,
  -- NULL for members who only ever signed in with a social provider.
  password_hash text,
  firstname text NOT NULL DEFAULT '',
  nickname text NOT NULL,
  avatar text,
  about text NOT NULL DEFAULT '',
  roles text[] NOT NULL DEFAULT ARRAY['member']::text[],
  -- Permission area → flags, e.g. {"admin-users": ["r", "u"]}.
  permissions jsonb NOT NULL DEFAULT '{}'::jsonb,
  newsletter_subscribed boolean NOT NULL DEFAULT true,
  stats_visible_to_others boolean NOT NULL DEFAULT true,
  -- Locations arrive in a later migration; until then this is an opaque id without a foreign key.
  location_id text,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_normalised CHECK (email = lower(btrim(email)))
);
CREATE UNIQUE INDEX users_email_key ON users (email);

-- Every credential we hand out, stored only as the SHA-256 of the opaque token.
-- A session is one sign-in: its auth tokens (rotated) and refresh credentials share session_id,
-- so logout can revoke exactly that sign-in.
CREATE TABLE auth_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('auth', 'refresh', 'client')),
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  session_id uuid,
  client_id text,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  -- Set when the token was rotated; it then lives on only for the grace period.
  replaced_by uuid REFERENCES auth_tokens (id) ON DELETE SET NULL,
  CONSTRAINT auth_tokens_owner CHECK ((kind = 'client') = (user_id IS NULL))
);
CREATE UNIQUE INDEX auth_tokens_hash_key ON auth_tokens (token_hash);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);
CREATE INDEX auth_tokens_session_idx ON auth_tokens (session_id);
CREATE INDEX auth_tokens_expires_idx ON auth_tokens (expires_at);

-- A reset request: the rid travels in the mailed link, the 6-digit pin only in the mail body.
CREATE TABLE password_resets (
  rid text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pin_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE email_verifications (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_verifications_user_idx ON email_verifications (user_id);

-- An OpenID Connect identity (issuer-scoped subject) linked to a member.
CREATE TABLE social_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_user_idx ON social_identities (user_id);
