-- Web push (issue 17; docs/api.md "Push notifications"): each device's subscription, and the
-- notifications waiting to be sent. Sending runs off the request path: a send of a chat message
-- queues a job per subscription of each other member, due a few seconds later; a server process
-- that delivers the message live to that member deletes the member's jobs of it (a member with an
-- open channel gets no push), and the job runner of any process sends the rest, retrying with
-- backoff. A subscription the push service calls gone (404, 410) is deleted with its jobs.

CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_user_idx ON push_subscriptions (user_id);

CREATE TABLE push_jobs (
  id bigserial PRIMARY KEY,
  endpoint text NOT NULL REFERENCES push_subscriptions (endpoint) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  -- What the push is about (a chat message id), so a live delivery can cancel it.
  topic text NOT NULL,
  payload text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  run_at timestamptz NOT NULL,
  last_error text
);
CREATE INDEX push_jobs_run_at_idx ON push_jobs (run_at);
CREATE INDEX push_jobs_user_topic_idx ON push_jobs (user_id, topic);
