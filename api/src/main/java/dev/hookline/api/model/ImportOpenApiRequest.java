package dev.hookline.api.model;

/**
 * Body of {@code POST /event-types/import}: an OpenAPI document (JSON or YAML text) whose webhooks become event
 * types, each with its request body's schema.
 */
public record ImportOpenApiRequest(String spec) {
}
