package dev.hookline.app.about;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AboutInfoTest {

    private static AboutInfo info(String embedded, String connection, boolean remote) {
        return info(embedded, connection, remote, null);
    }

    private static AboutInfo info(String embedded, String connection, boolean remote, String organisationId) {
        return new AboutInfo("1.2.3", Path.of("/home/ada/.local/share/hookline"), embedded, connection, remote,
                organisationId, "25.0.3+9-LTS (Eclipse Adoptium)", "21.0.12", "Linux 6.18 (amd64)");
    }

    @Test
    void theOrganisationIdIsShownOnceAProjectIsInUse() {
        String text = info("http://127.0.0.1:41234", "http://127.0.0.1:41234/api", false,
                "01JORG0000000000000000000A").text();

        assertTrue(text.contains("Embedded server: http://127.0.0.1:41234\nOrganisation ID (orgID): "
                + "01JORG0000000000000000000A\nJava:"), text);
        assertFalse(info(null, null, false).text().contains("Organisation"), "nothing to show before a project");
    }

    @Test
    void textListsVersionDataDirectoryServerAndVersionsOnePerLine() {
        assertEquals("""
                Hookline 1.2.3
                Version: 1.2.3
                Data directory: /home/ada/.local/share/hookline
                Embedded server: http://127.0.0.1:41234
                Java: 25.0.3+9-LTS (Eclipse Adoptium)
                JavaFX: 21.0.12
                Operating system: Linux 6.18 (amd64)
                License: Apache License 2.0 (https://www.apache.org/licenses/LICENSE-2.0)
                """, info("http://127.0.0.1:41234", "http://127.0.0.1:41234/api", false).text());
    }

    @Test
    void aRemoteConnectionIsShownBesideTheEmbeddedServer() {
        String text = info("http://127.0.0.1:41234", "https://convoy.example.com/api", true).text();

        assertTrue(text.contains("Embedded server: http://127.0.0.1:41234\n"), text);
        assertTrue(text.contains("Connected to: https://convoy.example.com/api (remote)\n"), text);
    }

    @Test
    void aStoppedEmbeddedServerSaysSo() {
        assertTrue(info(null, null, false).text().contains("Embedded server: not running\n"));
    }

    @Test
    void currentReadsThisProcess() {
        AboutInfo current = AboutInfo.current(Path.of("/tmp/data"), null, null, false, null);

        assertTrue(current.java().startsWith(System.getProperty("java.runtime.version")), current.java());
        assertEquals(System.getProperty("javafx.runtime.version", System.getProperty("javafx.version", "?")),
                current.javafx());
    }
}
