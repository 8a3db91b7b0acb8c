package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** Body of {@code PUT /v1/projects/{id}}: {@code name} required; only the non-null members of {@code config} change. */
@JsonPropertyOrder({"name", "logo_url", "config"})
public record UpdateProjectRequest(String name, String logoUrl, ProjectConfig config) {
}
