package dev.hookline.app.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.server.EmbeddedServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/** The console's server keeps its local URLs across restarts (issue 25, item 1). */
class StableLocalPortTest {

    @TempDir
    Path dataDirectory;

    private final HttpClient http = HttpClient.newHttpClient();

    /** An incoming project whose source delivers to a capture bin of the same server. */
    private record Setup(String projectId, CaptureBin bin, Endpoint endpoint, Source source) {
    }

    @Test
    void afterARestartTheOldCaptureEndpointAndIngestUrlStillWork() throws Exception {
        try (EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks())) {
            EmbeddedServer first = started(supervisor);
            Setup setup = setUp(first);
            String ingestUrl = setup.source().url();
            int port = first.port();

            EmbeddedServer restarted = supervisor.restart();

            assertEquals(port, restarted.port(), "the same port after a restart");
            assertNull(supervisor.portNote());
            assertEquals(2, post(ingestUrl) / 100, "the ingest URL given out before the restart answers");
            awaitCaptured(restarted, setup, 1);
        }
    }

    @Test
    void whenTheRememberedPortIsTakenTheServerSaysSoAndCaptureEndpointsFollow() throws Exception {
        int oldPort;
        Setup setup;
        try (EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks())) {
            EmbeddedServer first = started(supervisor);
            oldPort = first.port();
            setup = setUp(first);
        }
        assertEquals(oldPort, LocalPort.remembered(dataDirectory));

        try (ServerSocket squatter = new ServerSocket(oldPort, 1, InetAddress.getLoopbackAddress());
             EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks())) {
            EmbeddedServer moved = started(supervisor);

            assertNotEquals(oldPort, moved.port());
            String note = supervisor.portNote();
            assertNotNull(note);
            assertTrue(note.startsWith("Port " + oldPort + " was taken by another program, so the embedded server now "
                    + "listens on " + moved.port()), note);
            assertEquals(moved.port(), LocalPort.remembered(dataDirectory), "the new port is kept from now on");
            try (ApiClient project = client(moved).withProject(setup.projectId())) {
                assertEquals(moved.baseUrl() + "/capture/" + setup.bin().uid(),
                        project.getEndpoint(setup.endpoint().uid()).url());
                Source source = project.getSource(setup.source().uid());
                assertTrue(source.url().startsWith(moved.baseUrl() + "/ingest/"), source.url());
                assertEquals(2, post(source.url()) / 100);
            }
            awaitCaptured(moved, setup, 1);
            assertTrue(squatter.isBound());
        }
    }

    private EmbeddedServer started(EmbeddedServerSupervisor supervisor) {
        AtomicReference<EmbeddedServer> running = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        supervisor.start(dataDirectory, running::set, failure::set);
        assertNull(failure.get());
        return running.get();
    }

    private static ApiClient client(EmbeddedServer server) {
        return new ApiClient(server.baseUrl() + "/api", server.apiKey());
    }

    private static Setup setUp(EmbeddedServer server) {
        try (ApiClient admin = client(server)) {
            ProjectConfig oneTry = ProjectConfig.builder()
                    .strategy(new ProjectConfig.Strategy(StrategyType.LINEAR, 1L, 1L))
                    .build();
            String projectId = admin.createProject(new CreateProjectRequest("Shop", ProjectType.INCOMING, null,
                    oneTry)).project().uid();
            ApiClient project = admin.withProject(projectId);
            CaptureBin bin = project.createCaptureBin(new CaptureBinRequest("inbox", null, null));
            Endpoint endpoint = project.createEndpoint(EndpointRequest.of(bin.url(), "inbox"));
            Source source = project.createSource(new CreateSourceRequest("shop", SourceType.HTTP, null, null,
                    new Verifier(VerifierType.NOOP, null, null, null), null, null, null, null));
            project.createSubscription(new SubscriptionRequest("shop-to-inbox", source.uid(), endpoint.uid(), null,
                    null, null, null, null, null, null));
            return new Setup(projectId, bin, endpoint, source);
        }
    }

    private int post(String url) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"order\":1}")).build(),
                HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    private static void awaitCaptured(EmbeddedServer server, Setup setup, int count) throws TimeoutException {
        try (ApiClient project = client(server).withProject(setup.projectId())) {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                    () -> project.listCapturedRequests(setup.bin().uid(), 0).size() >= count);
        }
    }
}
