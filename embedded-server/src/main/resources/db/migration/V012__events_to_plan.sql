-- Hookline schema: acknowledge on durable receipt (ADR 0038). An event is committed and answered first; matching,
-- filters, transforms and its deliveries are worked out afterwards by the planning stage. This table is the durable
-- "to plan" marker: a row is written in the transaction that stores the event, and deleted in the transaction that
-- stores the event's deliveries and outcome, so an acknowledged event is planned exactly once, also after a crash
-- (the server plans what is left here when it starts). Duplicates (is_duplicate_event) never get a row.
--
-- target_kind: what the event is matched against: 'source' (a source's subscriptions), 'endpoints' (the
-- subscriptions of target_ids) or 'broadcast' (every subscription that delivers to an endpoint).
-- target_ids: JSON array of the source ID or the endpoint IDs (empty for a broadcast).
CREATE TABLE events_to_plan (
    event_id    TEXT PRIMARY KEY REFERENCES events(id) ON DELETE CASCADE,
    project_id  TEXT NOT NULL,
    target_kind TEXT NOT NULL CHECK (target_kind IN ('source', 'endpoints', 'broadcast')),
    target_ids  TEXT NOT NULL DEFAULT '[]'
) WITHOUT ROWID;
