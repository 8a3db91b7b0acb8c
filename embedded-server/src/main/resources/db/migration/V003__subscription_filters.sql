-- Hookline schema, version 3: per-event-type filters of a subscription (/subscriptions/{id}/filters).

-- One row per (subscription, event type); event_type '*' is the subscription's catch-all. The filter parts are
-- JSON objects, stored flattened for matching next to the form the client sent (raw_*). enabled_at NULL = off.
CREATE TABLE filters (
    id              TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES subscriptions(id) ON DELETE CASCADE,
    event_type      TEXT NOT NULL,
    enabled_at      INTEGER,
    headers         TEXT NOT NULL,
    body            TEXT NOT NULL,
    query           TEXT NOT NULL,
    path            TEXT NOT NULL,
    raw_headers     TEXT NOT NULL,
    raw_body        TEXT NOT NULL,
    raw_query       TEXT NOT NULL,
    raw_path        TEXT NOT NULL,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL
);
-- Serves the uniqueness rule, the match lookup (subscription, event type) and the list (subscription, id order
-- is close enough to creation order: ULIDs).
CREATE UNIQUE INDEX filters_subscription_event_type ON filters(subscription_id, event_type);
