-- Hookline schema: the HTTP status of each delivery's last attempt, for the deliveries list's httpStatus filter and
-- the status totals and time series that follow it (ADR 0033). Written by whoever records an attempt, in the same
-- transaction (the dispatcher's outcome update; a delivery stored already tried, a failed transform, in its insert);
-- no trigger (BENCHMARKS.md says why triggers on event_deliveries were dropped).
--
-- last_http_status: the code the last attempt got; 0 when it got no answer (network error, timeout, or a transform
-- that failed before any request); NULL when the delivery was never tried.
ALTER TABLE event_deliveries ADD COLUMN last_http_status INTEGER;
-- last_http_class: what the filter compares: -1 never tried, 0 no answer, 1 to 5 the status code's class. Computed
-- (nothing to keep in step) and stored only in the indexes below, which therefore cover the counts.
ALTER TABLE event_deliveries ADD COLUMN last_http_class INTEGER
    GENERATED ALWAYS AS (CASE WHEN last_http_status IS NULL THEN -1 ELSE last_http_status / 100 END) VIRTUAL;
-- backfill from each delivery's newest attempt (attempts store the status line, e.g. "503 Service Unavailable")
UPDATE event_deliveries SET last_http_status = (
    SELECT CASE WHEN a.http_status GLOB '[1-5][0-9][0-9]*' THEN CAST(substr(a.http_status, 1, 3) AS INTEGER) ELSE 0 END
    FROM delivery_attempts a INDEXED BY attempts_delivery
    WHERE a.event_delivery_id = event_deliveries.id AND a.deleted_at IS NULL
    ORDER BY a.id DESC LIMIT 1)
WHERE EXISTS (SELECT 1 FROM delivery_attempts a INDEXED BY attempts_delivery
              WHERE a.event_delivery_id = event_deliveries.id AND a.deleted_at IS NULL);
-- the list and counts by class, alone or with endpoints, walk these like the other (..., status, id) indexes
CREATE INDEX deliveries_class_status ON event_deliveries(project_id, last_http_class, status, id)
    WHERE deleted_at IS NULL;
CREATE INDEX deliveries_endpoint_class_status ON event_deliveries(project_id, endpoint_id, last_http_class, status, id)
    WHERE deleted_at IS NULL;
-- The indexes the list walks for an event type or a subscription (and an endpoint with an event type) check the
-- class per row: with the class as their last column they answer that check themselves (covering), so a class
-- filter combined with them counts from the index alone, as without it. Same columns in the same order before it:
-- the walks, bounds and plans of ADR 0007 are unchanged.
DROP INDEX deliveries_endpoint_type_status;
CREATE INDEX deliveries_endpoint_type_status
    ON event_deliveries(project_id, endpoint_id, event_type, status, id, last_http_class) WHERE deleted_at IS NULL;
DROP INDEX deliveries_subscription_status;
CREATE INDEX deliveries_subscription_status ON event_deliveries(project_id, subscription_id, status, id, last_http_class)
    WHERE deleted_at IS NULL;
DROP INDEX deliveries_subscription_type_status;
CREATE INDEX deliveries_subscription_type_status
    ON event_deliveries(project_id, subscription_id, event_type, status, id, last_http_class) WHERE deleted_at IS NULL;
DROP INDEX deliveries_type_status;
CREATE INDEX deliveries_type_status ON event_deliveries(project_id, event_type, status, id, last_http_class)
    WHERE deleted_at IS NULL;
