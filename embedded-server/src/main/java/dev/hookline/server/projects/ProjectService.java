package dev.hookline.server.projects;

import dev.hookline.api.model.ApiKeyResponse;
import dev.hookline.api.model.CreateProjectResponse;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectStatistics;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.auth.Keys;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.Names;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.outbound.OwnIngestUrls;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * Project use cases: list, create (with its project API key), update (the "present keys only" config merge) and
 * delete (revoking the project's keys). Validation of names and configs happens here, before any write.
 */
public final class ProjectService {

    private final Store store;
    private final Signals signals;
    private final ProjectRepository projects;
    private final DestinationPolicy destinations;
    private final Runnable keysRevoked;
    private final Consumer<Project> configSaved;

    /**
     * @param keysRevoked told after a delete revoked keys (the authenticator drops what it remembered)
     * @param configSaved told after an update committed a project's config (the circuit breakers take theirs)
     */
    public ProjectService(Store store, Signals signals, ProjectRepository projects, DestinationPolicy destinations,
                          Runnable keysRevoked, Consumer<Project> configSaved) {
        this.store = store;
        this.signals = signals;
        this.projects = projects;
        this.destinations = destinations;
        this.keysRevoked = keysRevoked;
        this.configSaved = configSaved;
    }

    /** The documented alias of the server's one organisation, accepted wherever an {@code orgID} is. */
    public static final String ORGANISATION_ALIAS = "default";

    /**
     * Every live project of the organisation, or only {@code onlyId} when not null (a project key sees its own
     * project only). {@code organisationId}: see {@link #organisation}.
     */
    public List<Project> list(String organisationId, String onlyId) {
        organisation(organisationId);
        return projects.list(onlyId);
    }

    /** The ID of the server's one organisation (printed at first start, shown in the console's About). */
    public String organisationId() {
        return projects.defaultOrganisationId();
    }

    /**
     * The organisation an {@code orgID} names: absent or blank, {@value #ORGANISATION_ALIAS} (any case) or the
     * organisation's ID all mean the server's one organisation; anything else is refused the same way on every
     * route (Convoy's generated clients always send one, so an unknown one must not pass unnoticed).
     */
    public String organisation(String organisationId) {
        String id = projects.defaultOrganisationId();
        if (organisationId == null || organisationId.isBlank() || organisationId.strip().equals(id)
                || organisationId.strip().equalsIgnoreCase(ORGANISATION_ALIAS)) {
            return id;
        }
        throw InvalidInputException.of("orgID:organisation " + organisationId.strip() + " not found; this server has "
                + "one organisation, " + id + " (orgID may be omitted, or be \"" + ORGANISATION_ALIAS + "\")");
    }

    /** The live project, or null. */
    public Project find(String projectId) {
        return projects.find(projectId);
    }

    /** {@code project} (as the request found it) with its {@code statistics}, as GET answers it. */
    public Project get(Project project) {
        Project found = projects.findWithStatistics(project.uid());
        if (found == null) {
            throw new NotFoundException("project not found");
        }
        return found;
    }

    /**
     * Creates a project with Convoy's defaults under {@code config} and its project key (returned once).
     * {@code organisationId}: see {@link #organisation}.
     */
    public CreateProjectResponse create(String organisationId, String name, ProjectType type, String logoUrl,
                                        ProjectConfig config) {
        String defaultOrganisation = organisation(organisationId);
        String validName = requireName(name);
        if (type == null) {
            throw InvalidInputException.of("type:please provide a valid type (incoming or outgoing)");
        }
        ProjectConfig validConfig = ProjectConfigs.validate(ProjectConfigs.merge(
                ProjectConfigs.defaults(store::newId, store.now()), config, store::newId, store.now()));
        metaEventUrlReachable(validConfig);
        return createValidated(defaultOrganisation, validName, type, logoUrl, validConfig);
    }

    /** Creates a project whose name and config the caller built (the console's default project). */
    public CreateProjectResponse create(String name, ProjectType type, String logoUrl, ProjectConfig config) {
        return createValidated(projects.defaultOrganisationId(), name, type, logoUrl, config);
    }

    private CreateProjectResponse createValidated(String organisationId, String name, ProjectType type,
                                                  String logoUrl, ProjectConfig config) {
        Instant now = store.now();
        Keys.Generated key = Keys.apiKey();
        String keyId = store.newId();
        String keyName = name + "'s default key";
        Project project = new Project(store.newId(), name, logoUrl == null ? "" : logoUrl, organisationId, type,
                config, ProjectRepository.NOTHING_RETAINED, new ProjectStatistics(false, false, false, false), now, now,
                null);
        store.db().write(c -> {
            projects.insert(c, project, key, keyId, keyName);
            return null;
        });
        ApiKeyResponse apiKey = new ApiKeyResponse(keyName,
                new ApiKeyResponse.Role("project_admin", project.uid(), ""), "project", key.key(), keyId, null, now);
        return new CreateProjectResponse(apiKey, project);
    }

    /**
     * A meta-event URL whose literal address the server may not reach, or that is one of this server's own ingest
     * URLs (every meta event would come back in as an event, and report on itself: a loop), is a 400 naming the
     * field (ADR 0039).
     */
    private void metaEventUrlReachable(ProjectConfig config) {
        if (config.metaEvent() == null || config.metaEvent().url() == null || config.metaEvent().url().isBlank()) {
            return;
        }
        String url = config.metaEvent().url().trim();
        String refused = destinations.refusalOfUrl(url);
        if (refused != null) {
            throw InvalidInputException.of("config.meta_event.url: " + refused);
        }
        if (OwnIngestUrls.isOwnIngestUrl(url, store.baseUrl())) {
            throw InvalidInputException.of("config.meta_event.url: " + url + " is this server's own ingest URL: "
                    + "meta events sent there would come back in as events and report on themselves (a webhook loop)");
        }
    }

    /** Renames {@code current} and merges {@code configPatch} (present keys only) into its config. */
    public Project update(Project current, String name, String logoUrl, ProjectConfig configPatch) {
        String validName = requireName(name);
        ProjectConfig config = ProjectConfigs.validate(
                ProjectConfigs.merge(current.config(), configPatch, store::newId, store.now()));
        metaEventUrlReachable(config);
        Project updated = current.toBuilder().name(validName).logoUrl(logoUrl == null ? current.logoUrl() : logoUrl)
                .config(config).updatedAt(store.now()).deletedAt(null).build();
        boolean changed = store.db().write(c -> projects.update(c, updated));
        if (!changed) {
            throw new NotFoundException("project not found");
        }
        configSaved.accept(updated);
        if (!java.util.Objects.equals(ProjectConfigs.completed(current.config()).retentionPolicy(),
                config.retentionPolicy())) {
            signals.retentionChanged();
        }
        return get(updated);
    }

    /** Soft-deletes the project and revokes its keys. */
    public void delete(String projectId) {
        Instant now = store.now();
        boolean deleted = store.db().write(c -> projects.delete(c, projectId, now));
        if (!deleted) {
            throw new NotFoundException("project not found");
        }
        keysRevoked.run();
    }

    /** Stores the hash of an instance key (one that reaches every project). */
    public void storeInstanceKey(Keys.Generated key) {
        projects.storeInstanceKey(key);
    }

    /** True if an instance key with this mask is stored (and not revoked). */
    public boolean hasInstanceKeyWithMask(String maskId) {
        return projects.hasInstanceKeyWithMask(maskId);
    }

    /** True if any instance key is stored. */
    public boolean hasAnyInstanceKey() {
        return projects.hasAnyInstanceKey();
    }

    private static String requireName(String name) {
        return Names.require(name, "please provide a valid name").trim();
    }
}
