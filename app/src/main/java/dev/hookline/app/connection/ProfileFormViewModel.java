package dev.hookline.app.connection;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.Failures;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import okhttp3.HttpUrl;

/**
 * The remote connection form: name, base URL, API key (masked until revealed), project. Each field's message
 * appears next to it before anything is sent; "Test connection" then says exactly what failed.
 */
public final class ProfileFormViewModel {

    /** Saves a checked profile and its key; reports success or a message. */
    public interface Saver {
        void save(ConnectionProfile profile, String apiKey, Runnable onSaved, Consumer<String> onFailure);
    }

    private final BackgroundTasks tasks;
    private final Saver saver;

    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final StringProperty baseUrl = new SimpleStringProperty(this, "baseUrl", "");
    private final StringProperty apiKey = new SimpleStringProperty(this, "apiKey", "");
    private final StringProperty projectId = new SimpleStringProperty(this, "projectId", "");
    private final BooleanProperty keyRevealed = new SimpleBooleanProperty(this, "keyRevealed");
    private final ReadOnlyStringWrapper nameError = new ReadOnlyStringWrapper(this, "nameError");
    private final ReadOnlyStringWrapper baseUrlError = new ReadOnlyStringWrapper(this, "baseUrlError");
    private final ReadOnlyStringWrapper apiKeyError = new ReadOnlyStringWrapper(this, "apiKeyError");
    private final ReadOnlyStringWrapper projectIdError = new ReadOnlyStringWrapper(this, "projectIdError");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyObjectWrapper<ConnectionTester.Result> testResult =
            new ReadOnlyObjectWrapper<>(this, "testResult");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message");
    private String editingId;

    public ProfileFormViewModel(BackgroundTasks tasks, Saver saver) {
        this.tasks = tasks;
        this.saver = saver;
        // a changed field makes the last test result stale
        for (StringProperty field : List.of(baseUrl, apiKey, projectId)) {
            field.addListener((o, before, now) -> testResult.set(null));
        }
    }

    public StringProperty nameProperty() {
        return name;
    }

    public StringProperty baseUrlProperty() {
        return baseUrl;
    }

    public StringProperty apiKeyProperty() {
        return apiKey;
    }

    public StringProperty projectIdProperty() {
        return projectId;
    }

    /** The API key is shown in clear only while this is on. */
    public BooleanProperty keyRevealedProperty() {
        return keyRevealed;
    }

    public ReadOnlyStringProperty nameErrorProperty() {
        return nameError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty baseUrlErrorProperty() {
        return baseUrlError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty apiKeyErrorProperty() {
        return apiKeyError.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty projectIdErrorProperty() {
        return projectIdError.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** The last "Test connection" outcome, {@code null} before a test or after a field changed. */
    public ReadOnlyObjectProperty<ConnectionTester.Result> testResultProperty() {
        return testResult.getReadOnlyProperty();
    }

    /** What the last save said ("Saved", or why not). */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** An empty form for a new profile. */
    public void startNew() {
        editingId = null;
        fill("", "", "", "");
    }

    /** The form filled with {@code profile} and its saved key. */
    public void edit(ConnectionProfile profile, String savedKey) {
        editingId = profile.id();
        fill(profile.name(), profile.baseUrl(), savedKey, profile.projectId());
    }

    /** The ID of the profile being edited, or {@code null} for a new one. */
    public String editingId() {
        return editingId;
    }

    private void fill(String newName, String url, String key, String project) {
        name.set(nullToEmpty(newName));
        baseUrl.set(nullToEmpty(url));
        apiKey.set(nullToEmpty(key));
        projectId.set(nullToEmpty(project));
        keyRevealed.set(false);
        for (ReadOnlyStringWrapper error : List.of(nameError, baseUrlError, apiKeyError, projectIdError, message)) {
            error.set(null);
        }
        testResult.set(null);
    }

    /** Checks every field and sets its message; {@code true} when all are fine. */
    public boolean validate() {
        nameError.set(name.get().isBlank() ? "Give the connection a name" : name.get().strip().length() > 60
                ? "At most 60 characters" : null);
        baseUrlError.set(baseUrlProblem(baseUrl.get()));
        String key = apiKey.get().strip();
        apiKeyError.set(key.isEmpty() ? "Paste the API key" : key.chars().anyMatch(Character::isWhitespace)
                ? "An API key has no spaces or line breaks" : null);
        projectIdError.set(projectId.get().isBlank()
                ? "The project ID (a project API key works only for its own project)" : null);
        return nameError.get() == null && baseUrlError.get() == null && apiKeyError.get() == null
                && projectIdError.get() == null;
    }

    /** Why {@code url} is not a base URL, or {@code null}. */
    static String baseUrlProblem(String url) {
        String value = url == null ? "" : url.strip();
        if (value.isEmpty()) {
            return "The server's API address, e.g. https://convoy.example.com/api";
        }
        HttpUrl parsed = HttpUrl.parse(value);
        if (parsed == null) {
            return "Must start with http:// or https://";
        }
        if (parsed.query() != null || parsed.fragment() != null) {
            return "No query or fragment: everything up to and including /api";
        }
        String path = parsed.encodedPath();
        while (path.endsWith("/") && path.length() > 1) {
            path = path.substring(0, path.length() - 1);
        }
        if (!path.endsWith("/api")) {
            return "Must end with /api (everything up to and including /api)";
        }
        return null;
    }

    /** Validates, then asks the server for the project; the result says what failed. */
    public void testConnection() {
        if (!validate() || busy.get()) {
            return;
        }
        busy.set(true);
        testResult.set(null);
        String url = baseUrl.get().strip();
        String key = apiKey.get().strip();
        String project = projectId.get().strip();
        tasks.run(() -> {
            try (ApiClient client = new ApiClient(url, key)) {
                return ConnectionTester.test(client, project);
            }
        }, result -> {
            busy.set(false);
            testResult.set(result);
        }, failure -> {
            busy.set(false);
            testResult.set(new ConnectionTester.Result(ConnectionTester.Outcome.UNEXPECTED,
                    Failures.describe(failure), null));
        });
    }

    /** Validates, then saves the profile (key to the secret store); {@code onSaved} gets the saved profile. */
    public void save(Consumer<ConnectionProfile> onSaved) {
        if (!validate() || busy.get()) {
            return;
        }
        String id = editingId == null ? ConnectionManager.newProfileId() : editingId;
        ConnectionProfile profile = new ConnectionProfile(id, name.get().strip(), ConnectionProfile.Kind.REMOTE,
                baseUrl.get().strip(), projectId.get().strip());
        busy.set(true);
        saver.save(profile, apiKey.get().strip(), () -> {
            busy.set(false);
            editingId = id;
            message.set("Saved \"" + profile.name() + "\"");
            onSaved.accept(profile);
        }, problem -> {
            busy.set(false);
            message.set(problem);
        });
    }

    private static String nullToEmpty(String value) {
        return value == null ? "" : value;
    }
}
