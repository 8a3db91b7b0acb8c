-- The events list's `query` also matches the event type exactly (Convoy's HEAD document, ADR 0006 #19): this index
-- serves that walk in ID order, as events_idempotency serves the idempotency key.
CREATE INDEX events_type ON events(project_id, event_type, id) WHERE deleted_at IS NULL;

-- Convoy's source event_type_location (where the event type is read from, e.g. request.body.type); '' when unset.
ALTER TABLE sources ADD COLUMN event_type_location TEXT NOT NULL DEFAULT '';
