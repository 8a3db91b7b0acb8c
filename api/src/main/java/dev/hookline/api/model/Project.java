package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * A project, as returned by the project endpoints. {@code retained_events} is Convoy's count of events a retention
 * policy has moved out of the live store (always 0 here: events stay until deleted). {@code statistics} says which
 * kinds of resources the project has (Convoy's onboarding hints); {@code null} where the project is only embedded.
 */
@JsonPropertyOrder({"uid", "name", "logo_url", "organisation_id", "type", "config", "retained_events",
        "statistics", "created_at", "updated_at", "deleted_at"})
public record Project(String uid, String name, String logoUrl, String organisationId, ProjectType type,
                      ProjectConfig config, Long retainedEvents, ProjectStatistics statistics,
                      Instant createdAt, Instant updatedAt, Instant deletedAt) {

    /** A builder holding this record's values, to change a few of them without naming every other. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** An empty builder (every member null). */
    public static Builder builder() {
        return new Builder();
    }

    /** Builds a {@link Project} member by member (the record has too many members to list positionally). */
    public static final class Builder {
        private String uid;
        private String name;
        private String logoUrl;
        private String organisationId;
        private ProjectType type;
        private ProjectConfig config;
        private Long retainedEvents;
        private ProjectStatistics statistics;
        private Instant createdAt;
        private Instant updatedAt;
        private Instant deletedAt;

        private Builder() {
        }

        private Builder(Project from) {
            this.uid = from.uid;
            this.name = from.name;
            this.logoUrl = from.logoUrl;
            this.organisationId = from.organisationId;
            this.type = from.type;
            this.config = from.config;
            this.retainedEvents = from.retainedEvents;
            this.statistics = from.statistics;
            this.createdAt = from.createdAt;
            this.updatedAt = from.updatedAt;
            this.deletedAt = from.deletedAt;
        }

        public Builder uid(String uid) {
            this.uid = uid;
            return this;
        }

        public Builder name(String name) {
            this.name = name;
            return this;
        }

        public Builder logoUrl(String logoUrl) {
            this.logoUrl = logoUrl;
            return this;
        }

        public Builder organisationId(String organisationId) {
            this.organisationId = organisationId;
            return this;
        }

        public Builder type(ProjectType type) {
            this.type = type;
            return this;
        }

        public Builder config(ProjectConfig config) {
            this.config = config;
            return this;
        }

        public Builder retainedEvents(Long retainedEvents) {
            this.retainedEvents = retainedEvents;
            return this;
        }

        public Builder statistics(ProjectStatistics statistics) {
            this.statistics = statistics;
            return this;
        }

        public Builder createdAt(Instant createdAt) {
            this.createdAt = createdAt;
            return this;
        }

        public Builder updatedAt(Instant updatedAt) {
            this.updatedAt = updatedAt;
            return this;
        }

        public Builder deletedAt(Instant deletedAt) {
            this.deletedAt = deletedAt;
            return this;
        }

        public Project build() {
            return new Project(uid, name, logoUrl, organisationId, type, config, retainedEvents, statistics,
                    createdAt, updatedAt, deletedAt);
        }
    }
}
