package dev.hookline.app.connection;

import java.util.Objects;

/**
 * A saved connection: the embedded server, or a remote Convoy/Hookline at {@code baseUrl} (up to and including
 * {@code /api}) with a project. The API key is not part of it: it lives in a {@link SecretStore} under the
 * profile's {@code id}. {@code projectId} is the last project chosen ({@code null}: the embedded server's default).
 */
public record ConnectionProfile(String id, String name, Kind kind, String baseUrl, String projectId) {

    /** Where the server runs. */
    public enum Kind { EMBEDDED, REMOTE }

    public static final String EMBEDDED_ID = "embedded";

    public ConnectionProfile {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }

    /** The built-in profile of the in-process server. */
    public static ConnectionProfile embedded(String projectId) {
        return new ConnectionProfile(EMBEDDED_ID, "Embedded server", Kind.EMBEDDED, null, projectId);
    }

    public boolean isEmbedded() {
        return kind == Kind.EMBEDDED;
    }

    public ConnectionProfile withProject(String newProjectId) {
        return new ConnectionProfile(id, name, kind, baseUrl, newProjectId);
    }

    @Override
    public String toString() {
        return name;
    }
}
