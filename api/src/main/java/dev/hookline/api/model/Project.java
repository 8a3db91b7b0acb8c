package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/** A project, as returned by the project endpoints. {@code retained_events} is written only when known. */
@JsonPropertyOrder({"uid", "name", "logo_url", "organisation_id", "type", "config", "retained_events", "created_at",
        "updated_at", "deleted_at"})
public record Project(String uid, String name, String logoUrl, String organisationId, ProjectType type,
                      ProjectConfig config, @JsonInclude(JsonInclude.Include.NON_NULL) Long retainedEvents,
                      Instant createdAt, Instant updatedAt, Instant deletedAt) {
}
