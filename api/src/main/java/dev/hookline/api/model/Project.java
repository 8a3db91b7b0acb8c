package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;

/**
 * A project, as returned by the project endpoints. {@code retained_events} is Convoy's count of events a retention
 * policy has moved out of the live store (always 0 here: events stay until deleted). {@code statistics} says which
 * kinds of resources the project has (Convoy's onboarding hints); {@code null} where the project is only embedded.
 */
@JsonPropertyOrder({"uid", "name", "logo_url", "organisation_id", "type", "config", "retained_events",
        "statistics", "created_at", "updated_at", "deleted_at"})
@RecordBuilder
public record Project(String uid, String name, String logoUrl, String organisationId, ProjectType type,
                      ProjectConfig config, Long retainedEvents, ProjectStatistics statistics,
                      Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public ProjectBuilder toBuilder() {
        return ProjectBuilder.builder(this);
    }

    /** An empty builder (every member null). */
    public static ProjectBuilder builder() {
        return ProjectBuilder.builder();
    }
}
