package dev.hookline.app.status;

import dev.hookline.app.concurrent.Failures;
import java.nio.file.Path;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/** State of the embedded server as the status panel shows it. No controls; call it on the FX thread. */
public final class ServerStatusViewModel {

    /** Where the embedded server is in its life. */
    public enum State { STARTING, RUNNING, FAILED }

    private final ObjectProperty<State> state = new SimpleObjectProperty<>(this, "state", State.STARTING);
    private final StringProperty message = new SimpleStringProperty(this, "message", "Starting embedded server…");
    private final StringProperty dataDirectory = new SimpleStringProperty(this, "dataDirectory", "");
    private final StringProperty baseUrl = new SimpleStringProperty(this, "baseUrl");
    private final StringProperty portNote = new SimpleStringProperty(this, "portNote");
    private final StringProperty apiKey = new SimpleStringProperty(this, "apiKey");

    public ServerStatusViewModel(Path dataDirectory) {
        this.dataDirectory.set("Data directory: " + dataDirectory);
    }

    public void running(String baseUrl, String defaultProjectId) {
        running(baseUrl, defaultProjectId, null);
    }

    /**
     * Running; {@code portNote} says why the server is not on the port it had before ({@code null} when it is).
     */
    public void running(String baseUrl, String defaultProjectId, String portNote) {
        this.portNote.set(portNote);
        state.set(State.RUNNING);
        this.baseUrl.set(baseUrl);
        message.set("Embedded server running at " + baseUrl + " — default project " + defaultProjectId);
    }

    /**
     * The data directory is owned by another Hookline server (PID {@code pid}) and the console works with that one
     * instead of starting its own.
     */
    public void usingOwner(String baseUrl, long pid) {
        state.set(State.RUNNING);
        this.baseUrl.set(baseUrl);
        message.set("The data directory belongs to the Hookline server at " + baseUrl + " (PID " + pid
                + "); the console is connected to it");
    }

    /** The key that reaches the running server's API ({@code null} while none), for the developer panel. */
    public void setApiKey(String key) {
        apiKey.set(key);
    }

    public ReadOnlyStringProperty apiKeyProperty() {
        return apiKey;
    }

    public void failed(Throwable failure) {
        state.set(State.FAILED);
        baseUrl.set(null);
        apiKey.set(null);
        message.set("Embedded server failed to start: " + Failures.describe(failure));
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state;
    }

    public ReadOnlyStringProperty messageProperty() {
        return message;
    }

    /** The running embedded server's address, e.g. {@code http://127.0.0.1:41234}; {@code null} while not running. */
    public ReadOnlyStringProperty baseUrlProperty() {
        return baseUrl;
    }

    /** Why the embedded server changed its port at its last start, or {@code null}. */
    public ReadOnlyStringProperty portNoteProperty() {
        return portNote;
    }

    public ReadOnlyStringProperty dataDirectoryProperty() {
        return dataDirectory;
    }
}
