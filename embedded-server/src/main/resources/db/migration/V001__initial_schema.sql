-- Hookline schema, version 1.
-- IDs are ULIDs (time-ordered): every list pages by keyset on id, and a date range is an id range, so each list
-- filter has one index "(project_id, <filter>, id)" that serves filter, date window and order at once.
-- Timestamps are INTEGER microseconds since the epoch, UTC. Nested Convoy objects are JSON text columns; every
-- column a list filters on is a real column. Soft delete: deleted_at NOT NULL hides a row.

CREATE TABLE organisations (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE TABLE projects (
    id              TEXT PRIMARY KEY,
    organisation_id TEXT NOT NULL REFERENCES organisations(id),
    name            TEXT NOT NULL,
    type            TEXT NOT NULL CHECK (type IN ('incoming', 'outgoing')),
    logo_url        TEXT NOT NULL DEFAULT '',
    config          TEXT NOT NULL,          -- ProjectConfig JSON (strategy, signature, meta_event, ratelimit, ssl, ...)
    retained_events INTEGER NOT NULL DEFAULT 0,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    deleted_at      INTEGER
);
CREATE UNIQUE INDEX projects_name_unique ON projects(organisation_id, name) WHERE deleted_at IS NULL;

-- API keys: only a salted PBKDF2 hash is stored. key_type: instance (reaches everything) | project.
CREATE TABLE api_keys (
    id          TEXT PRIMARY KEY,
    mask_id     TEXT NOT NULL UNIQUE,
    name        TEXT NOT NULL,
    key_type    TEXT NOT NULL CHECK (key_type IN ('instance', 'project')),
    project_id  TEXT REFERENCES projects(id) ON DELETE CASCADE,
    hash        TEXT NOT NULL,
    salt        TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL,
    expires_at  INTEGER,
    deleted_at  INTEGER
);
CREATE INDEX api_keys_project ON api_keys(project_id);

CREATE TABLE endpoints (
    id                  TEXT PRIMARY KEY,
    project_id          TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    owner_id            TEXT NOT NULL DEFAULT '',
    name                TEXT NOT NULL,
    url                 TEXT NOT NULL,
    description         TEXT NOT NULL DEFAULT '',
    status              TEXT NOT NULL CHECK (status IN ('active', 'inactive', 'paused')),
    secrets             TEXT NOT NULL,      -- JSON array of {uid, value, expires_at, created_at, updated_at, deleted_at}
    advanced_signatures INTEGER NOT NULL DEFAULT 1,
    http_timeout        INTEGER NOT NULL DEFAULT 10,   -- seconds
    rate_limit          INTEGER NOT NULL DEFAULT 0,
    rate_limit_duration INTEGER NOT NULL DEFAULT 0,    -- seconds
    slack_webhook_url   TEXT NOT NULL DEFAULT '',
    teams_webhook_url   TEXT NOT NULL DEFAULT '',
    support_email       TEXT NOT NULL DEFAULT '',
    content_type        TEXT NOT NULL DEFAULT 'application/json',
    authentication      TEXT,               -- JSON {type, api_key, basic_auth, oauth2} or NULL
    mtls_client_cert    TEXT,               -- JSON {client_cert, client_key} or NULL
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    deleted_at          INTEGER
);
CREATE INDEX endpoints_project ON endpoints(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX endpoints_owner ON endpoints(project_id, owner_id, id) WHERE deleted_at IS NULL;

CREATE TABLE sources (
    id               TEXT PRIMARY KEY,
    project_id       TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name             TEXT NOT NULL,
    type             TEXT NOT NULL CHECK (type IN ('http', 'rest_api', 'pub_sub', 'db_change_stream')),
    provider         TEXT NOT NULL DEFAULT '',
    mask_id          TEXT NOT NULL UNIQUE,
    is_disabled      INTEGER NOT NULL DEFAULT 0,
    verifier         TEXT NOT NULL,         -- JSON {type, hmac, basic_auth, api_key}
    custom_response  TEXT NOT NULL,         -- JSON {body, content_type}
    provider_config  TEXT,                  -- JSON {twitter: {crc_verified_at}} or NULL
    forward_headers  TEXT,                  -- JSON array or NULL
    pub_sub          TEXT,                  -- JSON {type, workers, sqs|google|kafka|amqp} or NULL
    idempotency_keys TEXT,                  -- JSON array or NULL
    body_function    TEXT,
    header_function  TEXT,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    deleted_at       INTEGER
);
CREATE INDEX sources_project ON sources(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX sources_type ON sources(project_id, type, id) WHERE deleted_at IS NULL;
CREATE INDEX sources_provider ON sources(project_id, provider, id) WHERE deleted_at IS NULL;

CREATE TABLE devices (
    id           TEXT PRIMARY KEY,
    project_id   TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    endpoint_id  TEXT REFERENCES endpoints(id),
    host_name    TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL DEFAULT 'offline' CHECK (status IN ('offline', 'online', 'disabled')),
    last_seen_at INTEGER,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL,
    deleted_at   INTEGER
);
CREATE INDEX devices_project ON devices(project_id, id);

CREATE TABLE subscriptions (
    id                TEXT PRIMARY KEY,
    project_id        TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name              TEXT NOT NULL,
    type              TEXT NOT NULL DEFAULT 'api' CHECK (type IN ('api', 'cli')),
    endpoint_id       TEXT REFERENCES endpoints(id),
    source_id         TEXT REFERENCES sources(id),
    device_id         TEXT REFERENCES devices(id),
    function          TEXT,
    alert_config      TEXT,                 -- JSON {count, threshold}
    retry_config      TEXT,                 -- JSON {type, duration, interval_seconds, retry_count}
    filter_config     TEXT NOT NULL,        -- JSON {event_types, filter{is_flattened, headers, body, query, path}}
    rate_limit_config TEXT,                 -- JSON {count, duration}
    delivery_mode     TEXT NOT NULL DEFAULT 'at_least_once' CHECK (delivery_mode IN ('at_least_once', 'at_most_once')),
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    deleted_at        INTEGER
);
CREATE INDEX subscriptions_project ON subscriptions(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX subscriptions_endpoint ON subscriptions(project_id, endpoint_id, id) WHERE deleted_at IS NULL;
CREATE INDEX subscriptions_source ON subscriptions(project_id, source_id, id) WHERE deleted_at IS NULL;

CREATE TABLE events (
    id                 TEXT PRIMARY KEY,
    project_id         TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    source_id          TEXT NOT NULL DEFAULT '',
    event_type         TEXT NOT NULL,
    endpoints          TEXT NOT NULL DEFAULT '[]',   -- JSON array of endpoint ids (also in events_endpoints)
    headers            TEXT NOT NULL DEFAULT '{}',   -- JSON {name: [values]}
    data               TEXT NOT NULL,                -- the payload, compact JSON as received
    raw                TEXT NOT NULL DEFAULT '',
    url_query_params   TEXT NOT NULL DEFAULT '',
    url_path           TEXT NOT NULL DEFAULT '',
    idempotency_key    TEXT NOT NULL DEFAULT '',
    is_duplicate_event INTEGER NOT NULL DEFAULT 0,
    status             TEXT NOT NULL DEFAULT 'Pending' CHECK (status IN ('Pending', 'Processing', 'Success', 'Failure', 'Retry')),
    failure_reason     TEXT NOT NULL DEFAULT '',
    acknowledged_at    INTEGER,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL,
    deleted_at         INTEGER
);
CREATE INDEX events_project ON events(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX events_source ON events(project_id, source_id, id) WHERE deleted_at IS NULL;
CREATE INDEX events_idempotency ON events(project_id, idempotency_key, id) WHERE deleted_at IS NULL;

-- Which endpoints an event targets: serves the events list's endpointId filter.
CREATE TABLE events_endpoints (
    event_id    TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    endpoint_id TEXT NOT NULL,
    project_id  TEXT NOT NULL,
    PRIMARY KEY (event_id, endpoint_id)
) WITHOUT ROWID;
CREATE INDEX events_endpoints_endpoint ON events_endpoints(project_id, endpoint_id, event_id);

-- Full-text search over event payloads (events list "query"); rowid = events.rowid.
CREATE VIRTUAL TABLE events_search USING fts5(body, content='', contentless_delete=1);

CREATE TABLE event_deliveries (
    id                TEXT PRIMARY KEY,
    project_id        TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    event_id          TEXT NOT NULL REFERENCES events(id) ON DELETE CASCADE,
    endpoint_id       TEXT NOT NULL DEFAULT '',
    subscription_id   TEXT NOT NULL DEFAULT '',
    device_id         TEXT NOT NULL DEFAULT '',
    source_id         TEXT NOT NULL DEFAULT '',
    event_type        TEXT NOT NULL DEFAULT '',
    idempotency_key   TEXT NOT NULL DEFAULT '',
    status            TEXT NOT NULL CHECK (status IN ('Scheduled', 'Processing', 'Discarded', 'Failure', 'Success', 'Retry')),
    delivery_mode     TEXT NOT NULL DEFAULT 'at_least_once',
    headers           TEXT NOT NULL DEFAULT '{}',    -- JSON {name: [values]}
    url_query_params  TEXT NOT NULL DEFAULT '',
    metadata          TEXT NOT NULL,                 -- JSON {data, raw, strategy, interval_seconds, retry_limit, max_retry_seconds}
    num_trials        INTEGER NOT NULL DEFAULT 0,
    next_send_time    INTEGER NOT NULL,
    latency_seconds   REAL NOT NULL DEFAULT 0,
    description       TEXT NOT NULL DEFAULT '',
    acknowledged_at   INTEGER,
    created_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL,
    deleted_at        INTEGER
);
CREATE INDEX deliveries_project ON event_deliveries(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX deliveries_endpoint ON event_deliveries(project_id, endpoint_id, id) WHERE deleted_at IS NULL;
CREATE INDEX deliveries_event ON event_deliveries(project_id, event_id, id) WHERE deleted_at IS NULL;
CREATE INDEX deliveries_status ON event_deliveries(project_id, status, id) WHERE deleted_at IS NULL;
CREATE INDEX deliveries_event_type ON event_deliveries(project_id, event_type, id) WHERE deleted_at IS NULL;
CREATE INDEX deliveries_subscription ON event_deliveries(project_id, subscription_id, id) WHERE deleted_at IS NULL;
-- The dispatcher's "what is due" scan.
CREATE INDEX deliveries_due ON event_deliveries(status, next_send_time) WHERE status IN ('Scheduled', 'Retry', 'Processing');

CREATE TABLE delivery_attempts (
    id                   TEXT PRIMARY KEY,
    project_id           TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    event_delivery_id    TEXT NOT NULL REFERENCES event_deliveries(id) ON DELETE CASCADE,
    endpoint_id          TEXT NOT NULL DEFAULT '',
    url                  TEXT NOT NULL,
    method               TEXT NOT NULL DEFAULT 'POST',
    api_version          TEXT NOT NULL DEFAULT '',
    ip_address           TEXT NOT NULL DEFAULT '',
    request_http_header  TEXT NOT NULL DEFAULT '{}',  -- JSON {name: value}
    request_body         TEXT NOT NULL DEFAULT '',    -- the body actually sent (after transform)
    response_http_header TEXT NOT NULL DEFAULT '{}',
    http_status          TEXT NOT NULL DEFAULT '',
    response_data        TEXT NOT NULL DEFAULT '',
    error                TEXT NOT NULL DEFAULT '',
    status               INTEGER NOT NULL DEFAULT 0,
    latency_ms           INTEGER NOT NULL DEFAULT 0,
    requested_at         INTEGER,
    responded_at         INTEGER,
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL,
    deleted_at           INTEGER
);
CREATE INDEX attempts_delivery ON delivery_attempts(event_delivery_id, id);

CREATE TABLE meta_events (
    id             TEXT PRIMARY KEY,
    project_id     TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    event_type     TEXT NOT NULL,
    metadata       TEXT NOT NULL,       -- JSON {data, raw, strategy, next_send_time, num_trials, ...}
    attempt        TEXT,                -- JSON {request_http_header, response_http_header, response_data}
    status         TEXT NOT NULL CHECK (status IN ('Scheduled', 'Processing', 'Discarded', 'Failure', 'Success', 'Retry')),
    num_trials     INTEGER NOT NULL DEFAULT 0,
    next_send_time INTEGER NOT NULL,
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    deleted_at     INTEGER
);
CREATE INDEX meta_events_project ON meta_events(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX meta_events_due ON meta_events(status, next_send_time) WHERE status IN ('Scheduled', 'Retry', 'Processing');

CREATE TABLE portal_links (
    id                  TEXT PRIMARY KEY,
    project_id          TEXT NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
    name                TEXT NOT NULL,
    token               TEXT NOT NULL UNIQUE,
    owner_id            TEXT NOT NULL DEFAULT '',
    can_manage_endpoint INTEGER NOT NULL DEFAULT 0,
    auth_type           TEXT NOT NULL DEFAULT 'static_token' CHECK (auth_type IN ('static_token', 'refresh_token')),
    created_at          INTEGER NOT NULL,
    updated_at          INTEGER NOT NULL,
    deleted_at          INTEGER
);
CREATE INDEX portal_links_project ON portal_links(project_id, id) WHERE deleted_at IS NULL;
CREATE INDEX portal_links_owner ON portal_links(project_id, owner_id, id) WHERE deleted_at IS NULL;

-- The deprecated explicit endpoint list of a portal link (links without owner_id).
CREATE TABLE portal_links_endpoints (
    portal_link_id TEXT NOT NULL REFERENCES portal_links(id) ON DELETE CASCADE,
    endpoint_id    TEXT NOT NULL REFERENCES endpoints(id) ON DELETE CASCADE,
    PRIMARY KEY (portal_link_id, endpoint_id)
) WITHOUT ROWID;
CREATE INDEX portal_links_endpoints_endpoint ON portal_links_endpoints(endpoint_id);

-- Refresh-token portal auth keys (PRT.<mask>.<key>), hashed like API keys, valid for one hour.
CREATE TABLE portal_tokens (
    id             TEXT PRIMARY KEY,
    portal_link_id TEXT NOT NULL REFERENCES portal_links(id) ON DELETE CASCADE,
    mask_id        TEXT NOT NULL UNIQUE,
    hash           TEXT NOT NULL,
    salt           TEXT NOT NULL,
    expires_at     INTEGER NOT NULL,
    created_at     INTEGER NOT NULL
);
CREATE INDEX portal_tokens_link ON portal_tokens(portal_link_id);

-- Instance-wide settings (e.g. whether the instance key was generated).
CREATE TABLE settings (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
