-- Hookline schema, version 4: the full-text rows (events_search) are written by a background indexer, off the ingest
-- commit (ADR 0024). indexed_rowid is its watermark: every event with rowid <= indexed_rowid has its search row;
-- events above it are indexed next, in rowid order. Every event stored before this migration was indexed by its own
-- insert, so the watermark starts at the highest rowid.
CREATE TABLE search_index_state (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    indexed_rowid INTEGER NOT NULL
);
INSERT INTO search_index_state(id, indexed_rowid) SELECT 1, COALESCE(MAX(rowid), 0) FROM events;

-- Due deliveries by endpoint (ADR 0024): the dispatcher reads each endpoint's due rows on their own, in
-- next_send_time order, and jumps over the endpoints it cannot send to right now (busy lane, open circuit) with one
-- seek. The index it replaces ordered all endpoints' rows together, so a look that skipped a busy endpoint stepped
-- through that endpoint's whole backlog row by row (reading each table row to learn its endpoint).
DROP INDEX deliveries_due;
CREATE INDEX deliveries_due ON event_deliveries(status, endpoint_id, next_send_time)
    WHERE status IN ('Scheduled', 'Retry', 'Processing');
