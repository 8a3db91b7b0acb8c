-- Hookline schema, version 2: every events / event-deliveries list filter and combination walks one index in id order.

-- Event deliveries. Each combination of endpoint or subscription, event type and status has an index ending in
-- (status, id). A list without a status filter walks each of the six statuses as its own branch, so the same index
-- also serves the combination without status, and the V001 indexes without status become redundant.
DROP INDEX deliveries_endpoint;
DROP INDEX deliveries_subscription;
DROP INDEX deliveries_event_type;
CREATE INDEX deliveries_endpoint_status ON event_deliveries(project_id, endpoint_id, status, id)
    WHERE deleted_at IS NULL;
CREATE INDEX deliveries_endpoint_type_status ON event_deliveries(project_id, endpoint_id, event_type, status, id)
    WHERE deleted_at IS NULL;
CREATE INDEX deliveries_subscription_status ON event_deliveries(project_id, subscription_id, status, id)
    WHERE deleted_at IS NULL;
CREATE INDEX deliveries_subscription_type_status
    ON event_deliveries(project_id, subscription_id, event_type, status, id) WHERE deleted_at IS NULL;
CREATE INDEX deliveries_type_status ON event_deliveries(project_id, event_type, status, id) WHERE deleted_at IS NULL;

-- Events by endpoint and source together: the join table carries the event's source.
ALTER TABLE events_endpoints ADD COLUMN source_id TEXT NOT NULL DEFAULT '';
UPDATE events_endpoints SET source_id = COALESCE((SELECT e.source_id FROM events e WHERE e.id = event_id), '');
CREATE INDEX events_endpoints_source ON events_endpoints(project_id, endpoint_id, source_id, event_id);

-- Full-text search rows carry the event's scope as tokens after the payload: U+E000 (a private-use character, a
-- token character no typed query contains) then p<project id>, s<source id>, e<endpoint id>. A search with any
-- filters is then one ordered walk of the full-text index (events.rowid is assigned in id order). Rebuilt here for
-- rows written before.
INSERT INTO events_search(events_search) VALUES ('delete-all');
INSERT INTO events_search(rowid, body)
SELECT e.rowid,
       e.data || ' ' || char(57344) || 'p' || e.project_id
           || CASE WHEN e.source_id = '' THEN '' ELSE ' ' || char(57344) || 's' || e.source_id END
           || COALESCE((SELECT group_concat(' ' || char(57344) || 'e' || ee.endpoint_id, '')
                        FROM events_endpoints ee WHERE ee.event_id = e.id), '')
FROM events e ORDER BY e.rowid;
