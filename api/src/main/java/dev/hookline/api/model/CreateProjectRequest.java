package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** Body of {@code POST /v1/projects}: {@code name} and {@code type} required, {@code config} optional (null members = defaults). */
@JsonPropertyOrder({"name", "type", "logo_url", "config"})
public record CreateProjectRequest(String name, ProjectType type, String logoUrl, ProjectConfig config) {
}
