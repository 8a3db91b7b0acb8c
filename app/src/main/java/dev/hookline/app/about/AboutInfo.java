package dev.hookline.app.about;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What the About dialog shows, as label/value rows, and as the plain text its Copy button puts on the clipboard.
 *
 * @param embeddedServer the embedded server's address, or {@code null} while it is not running
 * @param connection     where the console is connected: the server's API URL, or {@code null} before connecting
 * @param remote         {@code true} when {@code connection} is a remote server, not the embedded one
 * @param organisationId the organisation of the project in use ({@code orgID} in Convoy's API, which generated
 *                       clients send on every projects call), or {@code null} before a project is chosen
 */
public record AboutInfo(String version, Path dataDirectory, String embeddedServer, String connection, boolean remote,
                        String organisationId, String java, String javafx, String os) {

    public AboutInfo {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(dataDirectory, "dataDirectory");
    }

    /** Hookline's own license; the third-party components' licenses are listed in the NOTICE file. */
    public static final String LICENSE = "Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0)";

    /** One row of the dialog. */
    public record Row(String label, String value) {
    }

    /** The facts of this process, with the given connection state. */
    public static AboutInfo current(Path dataDirectory, String embeddedServer, String connection, boolean remote,
                                    String organisationId) {
        return new AboutInfo(AppVersion.version(), dataDirectory, embeddedServer, connection, remote, organisationId,
                System.getProperty("java.runtime.version", System.getProperty("java.version", "?")) + " ("
                        + System.getProperty("java.vendor", "?") + ")",
                System.getProperty("javafx.runtime.version", System.getProperty("javafx.version", "?")),
                System.getProperty("os.name", "?") + " " + System.getProperty("os.version", "") + " ("
                        + System.getProperty("os.arch", "?") + ")");
    }

    public List<Row> rows() {
        List<Row> rows = new ArrayList<>();
        rows.add(new Row("Version", version));
        rows.add(new Row("Data directory", dataDirectory.toString()));
        rows.add(new Row("Embedded server", embeddedServer == null ? "not running" : embeddedServer));
        if (remote && connection != null) {
            rows.add(new Row("Connected to", connection + " (remote)"));
        }
        if (organisationId != null && !organisationId.isBlank()) {
            rows.add(new Row("Organisation ID (orgID)", organisationId));
        }
        rows.add(new Row("Java", java));
        rows.add(new Row("JavaFX", javafx));
        rows.add(new Row("Operating system", os));
        rows.add(new Row("License", LICENSE));
        return rows;
    }

    /** {@code Hookline 0.1.0} then one {@code label: value} line per row. */
    public String text() {
        return "Hookline " + version + "\n"
                + rows().stream().map(row -> row.label() + ": " + row.value()).collect(Collectors.joining("\n"))
                + "\n";
    }
}
