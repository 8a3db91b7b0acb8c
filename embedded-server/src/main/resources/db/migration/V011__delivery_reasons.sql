-- Hookline schema: a delivery's last answer in short, for its last_response and its description (ADR 0008).
-- Written by whoever records an attempt, in the same transaction (the dispatcher's outcome update; a delivery stored
-- already tried, a failed transform, in its insert); no trigger (BENCHMARKS.md says why triggers on event_deliveries
-- were dropped). No index: nothing filters on it.
--
-- last_response: the status line of the last answer ("410 Gone"), or the kind of failure when none came ("timeout",
-- "connection refused", "TLS error", "DNS lookup failed", "no route to host", "connection closed", "network
-- error"); NULL when never tried.
ALTER TABLE event_deliveries ADD COLUMN last_response TEXT;
-- backfill the tried deliveries (last_http_status is set exactly for those, V010) from their newest attempt
UPDATE event_deliveries SET last_response = (
    SELECT CASE
        WHEN a.http_status GLOB '[1-5][0-9][0-9]*' THEN a.http_status
        WHEN lower(a.error) LIKE '%refused%' THEN 'connection refused'
        WHEN lower(a.error) LIKE '%timed out%' OR lower(a.error) LIKE '%timeout%' THEN 'timeout'
        WHEN lower(a.error) LIKE '%tls%' OR lower(a.error) LIKE '%certificate%' THEN 'TLS error'
        WHEN lower(a.error) LIKE '%resolve host%' THEN 'DNS lookup failed'
        WHEN lower(a.error) LIKE '%no request was sent%' THEN 'no request sent'
        ELSE 'network error' END
    FROM delivery_attempts a INDEXED BY attempts_delivery
    WHERE a.event_delivery_id = event_deliveries.id AND a.deleted_at IS NULL
    ORDER BY a.id DESC LIMIT 1)
WHERE last_http_status IS NOT NULL;
