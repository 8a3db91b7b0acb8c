-- Hookline schema: capture bins (Hookline's own; /capture/{id} records what it gets, for a developer with no
-- receiver yet). Only the bins are stored: the requests they got are kept in memory (the newest 200 per bin), so a
-- restart keeps every endpoint URL that points at a bin working without filling the disk with test traffic.
CREATE TABLE capture_bins (
    id                TEXT PRIMARY KEY,
    project_id        TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name              TEXT NOT NULL,
    response_status   INTEGER NOT NULL,
    response_delay_ms INTEGER NOT NULL,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
);
CREATE INDEX capture_bins_project ON capture_bins(project_id, id);
