package dev.hookline.app.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.theme.Theme;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Switching connections and projects against a real embedded server (also playing the "remote" one). */
class ConnectionManagerTest {

    @TempDir
    Path temp;

    private EmbeddedServerFixture server;
    private ConsoleSession session;
    private FileSecretStore secrets;
    private ConnectionManager manager;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(temp.resolve("data"));
        session = new ConsoleSession(new SameThreadBackgroundTasks());
        secrets = new FileSecretStore(temp.resolve("config"));
        manager = new ConnectionManager(session, new SettingsStore(temp.resolve("config")), secrets);
    }

    @AfterEach
    void stop() {
        manager.close();
        server.close();
    }

    private ConnectionManager.EmbeddedEndpoint embedded() {
        return new ConnectionManager.EmbeddedEndpoint(server.server().baseUrl() + "/api", server.server().apiKey(),
                server.server().defaultProjectId());
    }

    private ConnectionProfile remote(String key) {
        ConnectionProfile profile = new ConnectionProfile("remote-1", "Staging", ConnectionProfile.Kind.REMOTE,
                server.server().baseUrl() + "/api", server.server().defaultProjectId());
        manager.saveProfile(profile, key, () -> { }, message -> {
            throw new AssertionError(message);
        });
        return profile;
    }

    @Test
    void aProjectPickedWhileTheListIsOnItsWayStays() {
        dev.hookline.app.testing.QueuedBackgroundTasks queued = new dev.hookline.app.testing.QueuedBackgroundTasks();
        ConsoleSession slow = new ConsoleSession(queued);
        ConnectionManager switcher = new ConnectionManager(slow, new SettingsStore(temp.resolve("config-slow")),
                secrets);
        try {
            switcher.embeddedServerUp(embedded());
            switcher.connectSaved();
            while (queued.pendingCount() > 0) {
                queued.runNext();
            }
            dev.hookline.api.model.Project billing = server.client().createProject(
                    new dev.hookline.api.model.CreateProjectRequest("Billing", dev.hookline.api.model.ProjectType.INCOMING,
                            null, null)).project();

            switcher.refreshProjects(); // the switcher opened: the list is asked for
            switcher.selectProject(billing); // the user picks before it arrives
            while (queued.pendingCount() > 0) {
                queued.runNext();
            }

            assertEquals(billing.uid(), switcher.projectProperty().get().uid(), "the pick stays");
            assertEquals(billing.uid(), slow.client().projectId());
        } finally {
            switcher.close();
        }
    }

    @Test
    void theEmbeddedServerConnectsToItsDefaultProjectOnceItIsUp() {
        manager.connectSaved();
        assertNull(session.client(), "nothing to connect to before the server is up");

        manager.embeddedServerUp(embedded());

        assertTrue(session.isEmbedded());
        assertEquals(server.server().defaultProjectId(), session.client().projectId());
        assertEquals(server.server().defaultProjectId(), manager.projectProperty().get().uid());
        assertTrue(manager.activeProperty().get().isEmbedded());
    }

    @Test
    void aRemoteProfileConnectsWithTheKeyFromTheSecretStoreOnly() throws Exception {
        manager.embeddedServerUp(embedded());
        ConnectionProfile profile = remote(server.server().apiKey());

        manager.activate(profile);

        assertFalse(session.isEmbedded());
        assertEquals(server.server().baseUrl() + "/api", session.client().baseUrl());
        assertEquals(Optional.of(server.server().apiKey()), secrets.load("remote-1"));
        String settingsFile = Files.readString(temp.resolve("config").resolve(SettingsStore.FILE_NAME));
        assertFalse(settingsFile.contains(server.server().apiKey()), "the key is not in the settings file");
        assertEquals("remote-1", new SettingsStore(temp.resolve("config")).load().activeProfileId(),
                "the choice survives a restart");
    }

    @Test
    void aRefusedSwitchSaysWhyAndKeepsThePreviousConnection() {
        manager.embeddedServerUp(embedded());
        var before = session.client();
        ConnectionProfile profile = remote("CO.wrongwrongwrong.wrongwrongwrongwrong");

        manager.activate(profile);

        assertTrue(manager.problemProperty().get().startsWith("Cannot connect to \"Staging\": "),
                manager.problemProperty().get());
        assertEquals(before, session.client());
        assertTrue(manager.activeProperty().get().isEmbedded());
    }

    @Test
    void switchingTheProjectRebindsTheSessionAndIsRemembered() {
        Project second = server.client().createProject(
                new CreateProjectRequest("Billing", ProjectType.INCOMING, null, null)).project();
        manager.embeddedServerUp(embedded());
        assertEquals(2, manager.projects().size());

        manager.selectProject(second);

        assertEquals(second.uid(), session.client().projectId());
        assertEquals(second.uid(), new SettingsStore(temp.resolve("config")).load().activeProfile().projectId());
    }

    @Test
    void projectsCreatedAfterConnectingAppearWhenTheListIsRefreshed() {
        manager.embeddedServerUp(embedded());
        assertEquals(1, manager.projects().size());
        server.client().createProject(new CreateProjectRequest("Later", ProjectType.OUTGOING, null, null));

        manager.refreshProjects();

        assertEquals(2, manager.projects().size());
        assertEquals(server.server().defaultProjectId(), manager.projectProperty().get().uid(), "the choice stays");
    }

    @Test
    void deletingTheActiveRemoteProfileGoesBackToTheEmbeddedServerAndForgetsTheKey() throws Exception {
        manager.embeddedServerUp(embedded());
        ConnectionProfile profile = remote(server.server().apiKey());
        manager.activate(profile);

        manager.deleteProfile(profile);

        assertTrue(session.isEmbedded());
        assertEquals(Optional.empty(), secrets.load("remote-1"));
        assertEquals(1, manager.profiles().size());
    }

    @Test
    void theThemeIsRemembered() {
        manager.setTheme(Theme.DARK);

        assertEquals(Theme.DARK, new SettingsStore(temp.resolve("config")).load().theme());
    }

    @Test
    void anUnreachableSavedRemoteFallsBackToTheEmbeddedServerAndSaysWhy() throws Exception {
        int port;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        ConnectionProfile gone = new ConnectionProfile("gone", "Gone", ConnectionProfile.Kind.REMOTE,
                "http://127.0.0.1:" + port + "/api", "P1");
        secrets.store("gone", "CO.key");
        new SettingsStore(temp.resolve("config")).save(
                ConsoleSettings.defaults().withProfile(gone).withActive("gone"));
        manager = new ConnectionManager(session, new SettingsStore(temp.resolve("config")), secrets);

        manager.connectSaved();
        assertNull(session.client());
        manager.embeddedServerUp(embedded());

        assertTrue(session.isEmbedded());
        assertEquals(server.server().defaultProjectId(), session.client().projectId());
        String problem = manager.problemProperty().get();
        assertTrue(problem.startsWith("Cannot connect to \"Gone\": cannot reach http://127.0.0.1:" + port), problem);
        assertTrue(problem.endsWith("; showing the embedded server"), problem);
    }
}
