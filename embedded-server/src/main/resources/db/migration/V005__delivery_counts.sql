-- Hookline schema: how many live deliveries each endpoint has in each status, per hour of creation (the hour of
-- the delivery's ULID), for the deliveries list's status totals and time series (issue 14, ADR 0007). Kept by
-- triggers, so every path that writes deliveries (ingest, dispatch, recovery, retention, deletes) keeps it exact
-- without knowing it exists. The hour is decoded from the ULID's first 10 characters (Crockford base32 of the
-- creation time in milliseconds), so a delivery counts in the same hour its ID falls in for the list's date window.
CREATE TABLE delivery_counts (
    project_id  TEXT    NOT NULL,
    hour        INTEGER NOT NULL,
    endpoint_id TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    n           INTEGER NOT NULL,
    PRIMARY KEY (project_id, hour, endpoint_id, status)
) WITHOUT ROWID;

INSERT INTO delivery_counts(project_id, hour, endpoint_id, status, n)
    SELECT project_id, ((instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 1, 1)) - 1) * 35184372088832
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 2, 1)) - 1) * 1099511627776
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 3, 1)) - 1) * 34359738368
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 4, 1)) - 1) * 1073741824
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 5, 1)) - 1) * 33554432
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 6, 1)) - 1) * 1048576
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 7, 1)) - 1) * 32768
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 8, 1)) - 1) * 1024
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 9, 1)) - 1) * 32
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(event_deliveries.id, 10, 1)) - 1) * 1) / 3600000, endpoint_id, status, COUNT(*)
    FROM event_deliveries WHERE deleted_at IS NULL GROUP BY 1, 2, 3, 4;

-- (a statement inside a trigger never ends its line: the migration runner splits on a semicolon at a line's end)
CREATE TRIGGER delivery_counts_insert AFTER INSERT ON event_deliveries WHEN NEW.deleted_at IS NULL BEGIN
    INSERT INTO delivery_counts(project_id, hour, endpoint_id, status, n)
        VALUES (NEW.project_id, ((instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 1, 1)) - 1) * 35184372088832
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 2, 1)) - 1) * 1099511627776
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 3, 1)) - 1) * 34359738368
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 4, 1)) - 1) * 1073741824
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 5, 1)) - 1) * 33554432
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 6, 1)) - 1) * 1048576
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 7, 1)) - 1) * 32768
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 8, 1)) - 1) * 1024
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 9, 1)) - 1) * 32
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 10, 1)) - 1) * 1) / 3600000, NEW.endpoint_id, NEW.status, 1)
        ON CONFLICT DO UPDATE SET n = n + 1; END;

CREATE TRIGGER delivery_counts_update AFTER UPDATE OF project_id, endpoint_id, status, deleted_at ON event_deliveries
    WHEN OLD.project_id IS NOT NEW.project_id OR OLD.endpoint_id IS NOT NEW.endpoint_id
        OR OLD.status IS NOT NEW.status OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL) BEGIN
    UPDATE delivery_counts SET n = n - 1 WHERE OLD.deleted_at IS NULL AND project_id = OLD.project_id
        AND hour = ((instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 1, 1)) - 1) * 35184372088832
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 2, 1)) - 1) * 1099511627776
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 3, 1)) - 1) * 34359738368
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 4, 1)) - 1) * 1073741824
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 5, 1)) - 1) * 33554432
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 6, 1)) - 1) * 1048576
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 7, 1)) - 1) * 32768
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 8, 1)) - 1) * 1024
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 9, 1)) - 1) * 32
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 10, 1)) - 1) * 1) / 3600000
        AND endpoint_id = OLD.endpoint_id AND status = OLD.status; INSERT INTO delivery_counts(project_id, hour, endpoint_id, status, n)
        SELECT NEW.project_id, ((instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 1, 1)) - 1) * 35184372088832
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 2, 1)) - 1) * 1099511627776
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 3, 1)) - 1) * 34359738368
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 4, 1)) - 1) * 1073741824
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 5, 1)) - 1) * 33554432
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 6, 1)) - 1) * 1048576
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 7, 1)) - 1) * 32768
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 8, 1)) - 1) * 1024
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 9, 1)) - 1) * 32
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(NEW.id, 10, 1)) - 1) * 1) / 3600000, NEW.endpoint_id, NEW.status, 1 WHERE NEW.deleted_at IS NULL
        ON CONFLICT DO UPDATE SET n = n + 1; END;

CREATE TRIGGER delivery_counts_delete AFTER DELETE ON event_deliveries WHEN OLD.deleted_at IS NULL BEGIN
    UPDATE delivery_counts SET n = n - 1 WHERE project_id = OLD.project_id
        AND hour = ((instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 1, 1)) - 1) * 35184372088832
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 2, 1)) - 1) * 1099511627776
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 3, 1)) - 1) * 34359738368
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 4, 1)) - 1) * 1073741824
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 5, 1)) - 1) * 33554432
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 6, 1)) - 1) * 1048576
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 7, 1)) - 1) * 32768
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 8, 1)) - 1) * 1024
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 9, 1)) - 1) * 32
            + (instr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(OLD.id, 10, 1)) - 1) * 1) / 3600000
        AND endpoint_id = OLD.endpoint_id AND status = OLD.status; END;
