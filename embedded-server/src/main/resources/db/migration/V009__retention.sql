-- Hookline schema: retention policies (ADR 0032). An event's deliveries by the event alone. The retention sweep asks,
-- for each old event, whether a delivery of it is unsettled or changed lately, and deletes its deliveries; deleting
-- a delivery or an event also makes SQLite look for child rows of the foreign keys. The index deliveries_event starts
-- with project_id and is partial (deleted_at IS NULL), so none of these lookups could use it: each was a full scan.
CREATE INDEX deliveries_by_event ON event_deliveries(event_id);
