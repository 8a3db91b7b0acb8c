-- Due deliveries by project, then endpoint (issue 29, ADR 0043 "Fourth pass"): the dispatcher walks the projects
-- with due deliveries and, within each, its endpoints. A project whose share or pace has no room left is jumped
-- over with one seek; before, each of its endpoints was one seek, and a fan-out to a thousand endpoints cost every
-- look a thousand seeks (60,000-90,000 a second, most of the dispatcher's time) while the other projects' deliveries
-- waited for the look to end. The index covers only waiting rows (the same condition), so building it is quick.
DROP INDEX deliveries_due;
CREATE INDEX deliveries_due ON event_deliveries(status, project_id, endpoint_id, next_send_time)
    WHERE status IN ('Scheduled', 'Retry', 'Processing');
