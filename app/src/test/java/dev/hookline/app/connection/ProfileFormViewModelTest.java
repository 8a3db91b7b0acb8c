package dev.hookline.app.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileFormViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private final List<String> savedKeys = new ArrayList<>();
    private final List<ConnectionProfile> saved = new ArrayList<>();
    private ProfileFormViewModel form;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        form = new ProfileFormViewModel(new SameThreadBackgroundTasks(), (profile, key, onSaved, onFailure) -> {
            savedKeys.add(key);
            onSaved.run();
        });
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void fillValid() {
        form.nameProperty().set("Local Hookline");
        form.baseUrlProperty().set(server.server().baseUrl() + "/api");
        form.apiKeyProperty().set(server.server().apiKey());
        form.projectIdProperty().set(server.server().defaultProjectId());
    }

    @Test
    void anEmptyFormNamesEveryMissingFieldAndSendsNothing() {
        form.startNew();

        form.save(saved::add);

        assertEquals("Give the connection a name", form.nameErrorProperty().get());
        assertTrue(form.baseUrlErrorProperty().get().startsWith("The server's API address"));
        assertEquals("Paste the API key", form.apiKeyErrorProperty().get());
        assertTrue(form.projectIdErrorProperty().get().startsWith("The project ID"));
        assertTrue(saved.isEmpty());
        assertTrue(savedKeys.isEmpty());
    }

    @Test
    void theBaseUrlMustBeHttpAndEndWithApi() {
        assertEquals("Must start with http:// or https://", ProfileFormViewModel.baseUrlProblem("convoy.example.com/api"));
        assertEquals("Must end with /api (everything up to and including /api)",
                ProfileFormViewModel.baseUrlProblem("https://convoy.example.com"));
        assertEquals("Must end with /api (everything up to and including /api)",
                ProfileFormViewModel.baseUrlProblem("https://convoy.example.com/api/v1"));
        assertEquals("No query or fragment: everything up to and including /api",
                ProfileFormViewModel.baseUrlProblem("https://convoy.example.com/api?x=1"));
        assertNull(ProfileFormViewModel.baseUrlProblem("https://convoy.example.com/api"));
        assertNull(ProfileFormViewModel.baseUrlProblem(" https://convoy.example.com/convoy/api/ "));
    }

    @Test
    void anApiKeyWithSpacesIsRefused() {
        fillValid();
        form.apiKeyProperty().set("CO.abc def");

        assertFalse(form.validate());
        assertEquals("An API key has no spaces or line breaks", form.apiKeyErrorProperty().get());
    }

    @Test
    void aValidFormSavesTheProfileAndHandsTheKeyOnlyToTheSaver() {
        fillValid();

        form.save(saved::add);

        assertEquals(1, saved.size());
        ConnectionProfile profile = saved.getFirst();
        assertEquals("Local Hookline", profile.name());
        assertEquals(ConnectionProfile.Kind.REMOTE, profile.kind());
        assertEquals(server.server().defaultProjectId(), profile.projectId());
        assertFalse(profile.toString().contains(server.server().apiKey()));
        assertEquals(List.of(server.server().apiKey()), savedKeys);
        assertEquals("Saved \"Local Hookline\"", form.messageProperty().get());
    }

    @Test
    void theKeyIsMaskedUntilRevealedAndMaskedAgainForTheNextProfile() {
        fillValid();
        assertFalse(form.keyRevealedProperty().get());
        form.keyRevealedProperty().set(true);

        form.startNew();

        assertFalse(form.keyRevealedProperty().get());
        assertEquals("", form.apiKeyProperty().get());
    }

    @Test
    void testConnectionPassesWithTheRightKeyAndProject() {
        fillValid();

        form.testConnection();

        ConnectionTester.Result result = form.testResultProperty().get();
        assertEquals(ConnectionTester.Outcome.OK, result.outcome(), result.message());
        assertTrue(result.message().startsWith("Connected: project \"Default project\""), result.message());
    }

    @Test
    void testConnectionSaysTheKeyWasRefused() {
        fillValid();
        form.apiKeyProperty().set("CO.wrongwrongwrong.wrongwrongwrongwrongwrong");

        form.testConnection();

        assertEquals(ConnectionTester.Outcome.INVALID_KEY, form.testResultProperty().get().outcome());
        assertTrue(form.testResultProperty().get().message().startsWith("The API key was refused (401)"));
    }

    @Test
    void testConnectionSaysTheProjectIsUnknown() {
        fillValid();
        form.projectIdProperty().set("01JD0000000000000000000000");

        form.testConnection();

        assertEquals(ConnectionTester.Outcome.PROJECT_NOT_FOUND, form.testResultProperty().get().outcome(),
                form.testResultProperty().get().message());
        assertTrue(form.testResultProperty().get().message().startsWith("Project 01JD0000000000000000000000 was not found"));
    }

    @Test
    void testConnectionSaysNothingListensOnThePort() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }
        fillValid();
        form.baseUrlProperty().set("http://127.0.0.1:" + port + "/api");

        form.testConnection();

        assertEquals(ConnectionTester.Outcome.UNREACHABLE, form.testResultProperty().get().outcome());
        assertTrue(form.testResultProperty().get().message().startsWith("Cannot reach 127.0.0.1:" + port),
                form.testResultProperty().get().message());
    }

    @Test
    void testConnectionSaysTlsFailedWhenHttpsMeetsAPlainHttpPort() throws Exception {
        // a plain HTTP server answers the TLS hello with an HTTP error, as any web server does
        try (ServerSocket plainHttp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread answering = Thread.ofVirtual().start(() -> {
                try (var socket = plainHttp.accept()) {
                    socket.getInputStream().read(new byte[512]);
                    socket.getOutputStream().write("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n"
                            .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
                } catch (java.io.IOException ignored) {
                    // the client hung up first
                }
            });
            fillValid();
            form.baseUrlProperty().set("https://127.0.0.1:" + plainHttp.getLocalPort() + "/api");

            form.testConnection();

            assertEquals(ConnectionTester.Outcome.TLS, form.testResultProperty().get().outcome(),
                    form.testResultProperty().get().message());
            assertTrue(form.testResultProperty().get().message().startsWith("TLS failed with 127.0.0.1:"));
            answering.join(5_000);
        }
    }

    @Test
    void testConnectionSaysThereIsNoApiAtAUrlThatAnswersPlain404s() throws Exception {
        HttpServer plain = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        plain.createContext("/", exchange -> {
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        plain.start();
        try {
            fillValid();
            form.baseUrlProperty().set("http://127.0.0.1:" + plain.getAddress().getPort() + "/api");

            form.testConnection();

            assertEquals(ConnectionTester.Outcome.NO_API_AT_URL, form.testResultProperty().get().outcome());
        } finally {
            plain.stop(0);
        }
    }

    @Test
    void changingAFieldClearsTheLastTestResult() {
        fillValid();
        form.testConnection();
        assertTrue(form.testResultProperty().get().ok());

        form.projectIdProperty().set("other");

        assertNull(form.testResultProperty().get());
    }
}
