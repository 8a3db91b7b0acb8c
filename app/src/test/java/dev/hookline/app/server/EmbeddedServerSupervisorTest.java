package dev.hookline.app.server;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.server.EmbeddedServer;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedServerSupervisorTest {

    @TempDir
    Path temp;

    private final AtomicReference<EmbeddedServer> running = new AtomicReference<>();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();

    @Test
    void startsTheServerInTheDataDirectoryAndStopsItOnClose() throws IOException {
        Path dataDirectory = temp.resolve("nested").resolve("data");
        EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks());

        supervisor.start(dataDirectory, running::set, failure::set);

        assertNull(failure.get());
        EmbeddedServer server = running.get();
        assertNotNull(server);
        assertTrue(server.baseUrl().startsWith("http://127.0.0.1:"), server.baseUrl());
        assertNotNull(server.defaultProjectId());
        assertTrue(Files.exists(dataDirectory.resolve("hookline.db")));
        connect(server.baseUrl());

        supervisor.close();
        supervisor.close(); // idempotent

        assertThrows(ConnectException.class, () -> connect(server.baseUrl()));
    }

    @Test
    void reportsWhyTheDataDirectoryCannotBeCreated() throws IOException {
        Path notADirectory = Files.writeString(temp.resolve("file"), "x");
        try (EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks())) {
            supervisor.start(notADirectory.resolve("data"), running::set, failure::set);
        }

        assertNull(running.get());
        String message = failure.get().getMessage();
        assertTrue(message.startsWith("Cannot create the data directory " + notADirectory.resolve("data") + " ("),
                message);
    }

    @Test
    void startsOnlyOnce() {
        try (EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks())) {
            supervisor.start(temp, running::set, failure::set);
            assertThrows(IllegalStateException.class, () -> supervisor.start(temp, running::set, failure::set));
        }
    }

    @Test
    void takesOverTheServerTheLauncherHeadStartedForTheSameDirectory() throws IOException {
        Path dataDirectory = temp.resolve("data");
        EmbeddedServerSupervisor.headStart(dataDirectory);
        EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks());

        supervisor.start(dataDirectory, running::set, failure::set);

        assertNull(failure.get());
        EmbeddedServer server = running.get();
        connect(server.baseUrl());
        // taken over: nothing left to abandon, the supervisor owns and stops it
        EmbeddedServerSupervisor.abandonHeadStart();
        connect(server.baseUrl());
        supervisor.close();
        assertThrows(ConnectException.class, () -> connect(server.baseUrl()));
    }

    @Test
    void aHeadStartNobodyTookOverIsClosedWhenAbandoned() throws IOException {
        Path headStarted = temp.resolve("head-started");
        EmbeddedServerSupervisor.headStart(headStarted);
        try (EmbeddedServerSupervisor supervisor = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks())) {
            // another directory: a server of its own, the head start stays unclaimed
            supervisor.start(temp.resolve("other"), running::set, failure::set);
            assertNull(failure.get());
        }

        EmbeddedServerSupervisor.abandonHeadStart();

        // closed: its database is free for the next server
        EmbeddedServerSupervisor next = new EmbeddedServerSupervisor(new SameThreadBackgroundTasks());
        running.set(null);
        next.start(headStarted, running::set, failure::set);
        assertNull(failure.get());
        assertNotNull(running.get());
        next.close();
    }

    private static void connect(String baseUrl) throws IOException {
        URI uri = URI.create(baseUrl);
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(uri.getHost(), uri.getPort()), 2_000);
        }
    }
}
