-- Hookline schema: fewer index entries per delivery write (issue 24, ADR 0024 "A lean write path"). Every status
-- transition rewrites each index keyed on status; these three served only combinations another index serves as well
-- once it carries the combination's columns at its end (checked there per index entry, without reading the row):
-- an event's deliveries walk deliveries_by_event (event_id, id) (it also serves the cascade from events), a
-- subscription's with an event type walk deliveries_subscription_status, an endpoint's with an event type walk
-- deliveries_endpoint_status. ListQueryPlansTest proves every list and totals shape still walks an index.
DROP INDEX deliveries_event;
DROP INDEX deliveries_by_event;
CREATE INDEX deliveries_by_event ON event_deliveries(event_id, id);
DROP INDEX deliveries_subscription_type_status;
DROP INDEX deliveries_subscription_status;
CREATE INDEX deliveries_subscription_status
    ON event_deliveries(project_id, subscription_id, status, id, last_http_class, event_type) WHERE deleted_at IS NULL;
DROP INDEX deliveries_endpoint_type_status;
DROP INDEX deliveries_endpoint_status;
CREATE INDEX deliveries_endpoint_status
    ON event_deliveries(project_id, endpoint_id, status, id, last_http_class, event_type) WHERE deleted_at IS NULL;
