package dev.hookline.app.connection;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Project;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.theme.Theme;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The connection and project switchers' view model, and the keeper of the saved settings: which profiles exist,
 * which one is active, the projects of the active connection and the chosen one. Switching builds the client and
 * hands it to the {@link ConsoleSession} (views reload). No controls; use on the FX thread.
 *
 * <p>The embedded profile connects once the application reports the in-process server up
 * ({@link #embeddedServerUp}); remote profiles read their API key from the {@link SecretStore}.
 */
public final class ConnectionManager {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionManager.class);

    /** The embedded server as the manager needs it: address, key and default project. */
    public record EmbeddedEndpoint(String apiBaseUrl, String apiKey, String defaultProjectId) {
    }

    private final ConsoleSession session;
    private final SettingsStore store;
    private final SecretStore secrets;
    private final ObjectProperty<ConsoleSettings> settings = new SimpleObjectProperty<>(this, "settings");
    private final ObservableList<ConnectionProfile> profiles = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<ConnectionProfile> active = new ReadOnlyObjectWrapper<>(this, "active");
    private final ObservableList<Project> projects = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Project> project = new ReadOnlyObjectWrapper<>(this, "project");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem");
    private EmbeddedEndpoint embedded;
    private ApiClient baseClient;
    /** A switch of connection: a newer one drops the older one's answer (and closes the client it opened). */
    private final LatestTask switching;
    /** Why the console shows the embedded server instead of the saved remote one, until the user switches. */
    private String fallbackNote;

    public ConnectionManager(ConsoleSession session, SettingsStore store, SecretStore secrets) {
        this.session = Objects.requireNonNull(session, "session");
        this.switching = new LatestTask(session.tasks());
        this.store = Objects.requireNonNull(store, "store");
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        ConsoleSettings loaded = store.load();
        settings.set(loaded);
        profiles.setAll(loaded.profiles());
    }

    public ReadOnlyObjectProperty<ConsoleSettings> settingsProperty() {
        return settings;
    }

    public ConsoleSettings settings() {
        return settings.get();
    }

    public ObservableList<ConnectionProfile> profiles() {
        return FXCollections.unmodifiableObservableList(profiles);
    }

    public ReadOnlyObjectProperty<ConnectionProfile> activeProperty() {
        return active.getReadOnlyProperty();
    }

    /** The projects of the active connection, for the project switcher. */
    public ObservableList<Project> projects() {
        return FXCollections.unmodifiableObservableList(projects);
    }

    public ReadOnlyObjectProperty<Project> projectProperty() {
        return project.getReadOnlyProperty();
    }

    /** Why the last switch failed (the user stays on the previous connection), or {@code null}. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public String secretStoreDescription() {
        return secrets.description();
    }

    /** Connects the profile that was active last time (the embedded one waits for {@link #embeddedServerUp}). */
    public void connectSaved() {
        ConnectionProfile saved = settings.get().activeProfile();
        if (!saved.isEmbedded() || embedded != null) {
            activate(saved);
        }
    }

    /** The in-process server is up (at start or after a restart); connects it when it is the active profile. */
    public void embeddedServerUp(EmbeddedEndpoint endpoint) {
        this.embedded = Objects.requireNonNull(endpoint, "endpoint");
        ConnectionProfile current = active.get() == null ? settings.get().activeProfile() : active.get();
        // the saved remote server failed before anything was on screen: show the embedded server meanwhile
        boolean nothingConnected = session.client() == null && problem.get() != null;
        if (nothingConnected && !current.isEmbedded()) {
            fallbackNote = problem.get() + "; showing the embedded server";
        }
        if (current.isEmbedded() || nothingConnected) {
            activate(current.isEmbedded() ? current : settings.get().profile(ConnectionProfile.EMBEDDED_ID).orElseThrow());
        }
    }

    /** Switches to {@code profile}: lists its projects, picks the remembered one (else the first) and connects. */
    public void activate(ConnectionProfile profile) {
        Objects.requireNonNull(profile, "profile");
        if (profile.isEmbedded() && embedded == null) {
            problem.set("The embedded server is not running yet");
            return;
        }
        EmbeddedEndpoint embeddedNow = embedded;
        switching.run(() -> {
            ApiClient base = open(profile, embeddedNow);
            ApiClient listing = profile.projectId() == null ? base : base.withProject(profile.projectId());
            try {
                return new Switch(base, listing.listAccessibleProjects());
            } catch (RuntimeException e) {
                base.close();
                throw e;
            }
        }, result -> {
            String wanted = profile.projectId() != null ? profile.projectId()
                    : profile.isEmbedded() ? embeddedNow.defaultProjectId() : null;
            Optional<Project> chosen = result.projects().stream().filter(p -> p.uid().equals(wanted)).findFirst()
                    .or(() -> result.projects().stream().findFirst());
            if (chosen.isEmpty()) {
                result.base().close();
                problem.set("\"" + profile.name() + "\" has no project to show");
                return;
            }
            ApiClient previous = baseClient;
            baseClient = result.base();
            problem.set(profile.isEmbedded() ? fallbackNote : null);
            fallbackNote = null;
            active.set(profile);
            projects.setAll(result.projects());
            project.set(chosen.get());
            session.connect(baseClient.withProject(chosen.get().uid()), profile.isEmbedded(), profile.id());
            if (previous != null && previous != baseClient) {
                previous.close();
            }
            remember(settings.get().withProfile(profile.withProject(chosen.get().uid())).withActive(profile.id()));
        }, failure -> {
            String reason = "Cannot connect to \"" + profile.name() + "\": " + Failures.describe(failure);
            session.reportConnectionFailure(failure);
            problem.set(reason);
            if (session.client() == null && !profile.isEmbedded() && embedded != null) {
                // nothing on screen yet (the saved remote failed at start): fall back to the embedded server
                fallbackNote = reason + "; showing the embedded server";
                activate(settings.get().profile(ConnectionProfile.EMBEDDED_ID).orElseThrow());
            }
        }, replaced -> replaced.base().close());
    }

    private record Switch(ApiClient base, List<Project> projects) {
    }

    /** Switches the project of the active connection. */
    public void selectProject(Project chosen) {
        if (chosen == null || baseClient == null || active.get() == null
                || (project.get() != null && project.get().uid().equals(chosen.uid()))) {
            return;
        }
        project.set(chosen);
        session.connect(baseClient.withProject(chosen.uid()), active.get().isEmbedded(), active.get().id());
        ConnectionProfile updated = active.get().withProject(chosen.uid());
        active.set(updated);
        remember(settings.get().withProfile(updated));
    }

    /**
     * Lists the active connection's projects again (the switcher does it when it opens: projects created since the
     * connection was made appear). The chosen project stays.
     */
    public void refreshProjects() {
        ApiClient base = baseClient;
        Project chosen = project.get();
        if (base == null || chosen == null) {
            return;
        }
        session.tasks().run(() -> base.withProject(chosen.uid()).listAccessibleProjects(), listed -> {
            if (base == baseClient) {
                // the project chosen now, not the one chosen when the list was asked for: a pick made while the
                // list was on its way stays (issue 25)
                Project current = project.get() == null ? chosen : project.get();
                projects.setAll(listed);
                listed.stream().filter(p -> p.uid().equals(current.uid())).findFirst().ifPresent(project::set);
            }
        }, session::reportConnectionFailure);
    }

    /**
     * A client for {@code profile}, not bound to a project (blocking: it may read the key from the keyring). For
     * the embedded profile the embedded server must be up.
     */
    public ApiClient open(ConnectionProfile profile) throws IOException {
        EmbeddedEndpoint embeddedNow = embedded;
        if (profile.isEmbedded() && embeddedNow == null) {
            throw new IOException("The embedded server is not running yet");
        }
        return open(profile, embeddedNow);
    }

    private ApiClient open(ConnectionProfile profile, EmbeddedEndpoint embeddedNow) throws IOException {
        return profile.isEmbedded()
                ? new ApiClient(embeddedNow.apiBaseUrl(), embeddedNow.apiKey())
                : new ApiClient(profile.baseUrl(), secrets.load(profile.id()).orElseThrow(() ->
                        new IOException("No API key saved for \"" + profile.name() + "\": edit the profile")));
    }

    /** A project made in the console: listed at once and made the current one. */
    public void projectCreated(Project created) {
        if (projects.stream().noneMatch(p -> p.uid().equals(created.uid()))) {
            projects.add(created);
        }
        selectProject(created);
    }

    /** A project deleted in the console: forgotten, and the switcher moves to another one when there is one. */
    public void projectDeleted(Project deleted) {
        projects.removeIf(p -> p.uid().equals(deleted.uid()));
        if (!projects.isEmpty()) {
            selectProject(projects.getFirst());
        }
    }

    /** A new profile ID. */
    public static String newProfileId() {
        return UUID.randomUUID().toString();
    }

    /**
     * Saves a remote profile and its API key (the key to the secret store only, off the FX thread); then
     * {@code onSaved} runs, or {@code onFailure} with the reason.
     */
    public void saveProfile(ConnectionProfile profile, String apiKey, Runnable onSaved,
                            java.util.function.Consumer<String> onFailure) {
        if (profile.isEmbedded()) {
            throw new IllegalArgumentException("the embedded profile is built in");
        }
        session.tasks().run(() -> {
            secrets.store(profile.id(), apiKey);
            return profile;
        }, saved -> {
            remember(settings.get().withProfile(saved));
            if (active.get() != null && active.get().id().equals(saved.id())) {
                activate(saved);
            }
            onSaved.run();
        }, failure -> onFailure.accept("Cannot save the API key in " + secrets.description() + ": "
                + Failures.describe(failure)));
    }

    /** Loads the saved API key of a profile off the FX thread, for editing it (shown masked until revealed). */
    public void loadApiKey(String profileId, java.util.function.Consumer<String> onLoaded) {
        session.tasks().run(() -> secrets.load(profileId).orElse(""), onLoaded,
                failure -> problem.set("Cannot read the API key: " + Failures.describe(failure)));
    }

    /** Removes a remote profile and its key; switches to the embedded server if it was active. */
    public void deleteProfile(ConnectionProfile profile) {
        if (profile.isEmbedded()) {
            return;
        }
        boolean wasActive = active.get() != null && active.get().id().equals(profile.id());
        remember(settings.get().withoutProfile(profile.id()));
        if (wasActive) {
            activate(settings.get().activeProfile());
        }
        session.tasks().run(() -> {
            secrets.delete(profile.id());
            return null;
        }, ignored -> { }, failure -> problem.set("The profile is gone but its key could not be removed from "
                + secrets.description() + ": " + Failures.describe(failure)));
    }

    public void setTheme(Theme theme) {
        remember(settings.get().withTheme(theme));
    }

    private void remember(ConsoleSettings next) {
        settings.set(next);
        profiles.setAll(next.profiles());
        try {
            store.save(next);
        } catch (IOException e) {
            LOG.warn("Cannot save the console settings to {}: {}", store.file(), e.getMessage());
        }
    }

    /** Releases the connection's client (application shutdown). */
    public void close() {
        if (baseClient != null) {
            baseClient.close();
        }
    }
}
