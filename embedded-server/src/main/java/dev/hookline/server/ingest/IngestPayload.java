package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An event's payload: its JSON text as stored on the event, and the same parsed (for filters, idempotency keys and
 * functions). The ingest route makes it from the request body ({@code http.ingest.IngestBodies}).
 *
 * @param text the payload's JSON text, stored on the event
 * @param tree the same, parsed
 */
public record IngestPayload(String text, JsonNode tree) {
}
