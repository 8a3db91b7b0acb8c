-- Hookline schema, version 5: the project's event type catalogue (/event-types) and a subscription's status
-- (PUT /subscriptions/{id}/toggle_status), ADR 0029.

-- One row per (project, name). json_schema is the JSON Schema of the event's data (NULL: none); deprecated_at set
-- by /deprecate (the type stays usable, the catalogue marks it).
CREATE TABLE event_types (
    id            TEXT PRIMARY KEY,
    project_id    TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name          TEXT NOT NULL,
    category      TEXT NOT NULL DEFAULT '',
    description   TEXT NOT NULL DEFAULT '',
    json_schema   TEXT,
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL,
    deprecated_at INTEGER
);
-- The uniqueness rule, the lookup by name at intake and the catalogue's list (by name).
CREATE UNIQUE INDEX event_types_project_name ON event_types(project_id, name);

-- An inactive subscription matches no event until it is toggled back.
ALTER TABLE subscriptions ADD COLUMN status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive'));
