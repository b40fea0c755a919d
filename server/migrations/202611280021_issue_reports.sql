-- Member issue reports (SPEC §3 "issue reports (section, id, user_id, category, description,
-- notes)", §7 report_issue/*; docs/api.md "Issue reports"). A report names what it is about by
-- section and id; the notes and every action taken on it (who, when) are kept beside it.
-- Plain PostgreSQL 15 SQL: it runs unchanged on PGlite.

CREATE TABLE issue_reports (
  id uuid PRIMARY KEY,
  section text NOT NULL CHECK (section IN (
    'observation', 'photo', 'comment', 'post', 'user', 'place', 'field_guide', 'species', 'bug')),
  -- The reported thing's id as the client named it (a bug: where it happened, may be empty).
  subject_id text NOT NULL CHECK (char_length(subject_id) <= 200),
  -- Whose the reported thing is, when it has an owner (kept if that member is deleted: a user id).
  subject_owner_id uuid,
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  category text NOT NULL CHECK (category IN ('spam', 'offensive', 'harassment',
    'wrong_identification', 'wrong_location', 'sensitive_location', 'copyright', 'privacy', 'bug',
    'other')),
  description text NOT NULL CHECK (char_length(description) <= 2000),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'resolved', 'rejected')),
  -- True while the reported thing is hidden because of this report (action hide, until unhide).
  content_hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX issue_reports_list_idx ON issue_reports (created_at DESC, id);
CREATE INDEX issue_reports_state_idx ON issue_reports (state, created_at DESC);
CREATE INDEX issue_reports_subject_idx ON issue_reports (section, subject_id);
-- One open report per member and thing: a replayed create (the device's outbox) finds it.
CREATE UNIQUE INDEX issue_reports_open_once_idx ON issue_reports (reporter_id, section, subject_id)
  WHERE state = 'open';

CREATE TABLE issue_report_notes (
  id uuid PRIMARY KEY,
  report_id uuid NOT NULL REFERENCES issue_reports (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL
);
CREATE INDEX issue_report_notes_report_idx ON issue_report_notes (report_id, created_at);

-- What was done to a report: create, resolve, reject, hide, unhide, reopen; by whom and when.
CREATE TABLE issue_report_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  report_id uuid NOT NULL REFERENCES issue_reports (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('create', 'resolve', 'reject', 'hide', 'unhide', 'reopen')),
  actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX issue_report_events_report_idx ON issue_report_events (report_id, id);
