package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.form.Form;
import dev.hookline.app.testing.Counts;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EndpointActionsTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private Form form;
    private EndpointActions actions;
    private Endpoint endpoint;
    private final List<Throwable> connectionFailures = new ArrayList<>();
    private final AtomicReference<Endpoint> result = new AtomicReference<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        form = new Form(new SameThreadBackgroundTasks(), connectionFailures::add);
        actions = new EndpointActions(server::client, form);
        endpoint = server.client().createEndpoint(EndpointRequest.of("https://example.com/hook", "hook"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void pauseThenResume() {
        assertEquals("Pause", EndpointActions.toggleLabel(endpoint.status()));

        actions.togglePause(endpoint, result::set);
        assertEquals(EndpointStatus.PAUSED, result.get().status());
        assertEquals(EndpointStatus.PAUSED, server.client().getEndpoint(endpoint.uid()).status());
        assertEquals("Resume", EndpointActions.toggleLabel(result.get().status()));

        actions.togglePause(result.get(), result::set);
        assertEquals(EndpointStatus.ACTIVE, server.client().getEndpoint(endpoint.uid()).status());
    }

    @Test
    void deleteRemovesTheEndpoint() {
        AtomicReference<Boolean> deleted = new AtomicReference<>(false);

        actions.delete(endpoint, () -> deleted.set(true));

        assertTrue(deleted.get());
        assertEquals(0, Counts.endpoints(server.client()));
    }

    @Test
    void aFailedActionShowsTheServersMessage() {
        actions.delete(endpoint, () -> { });

        actions.togglePause(endpoint, result::set);

        assertNull(result.get());
        assertEquals("failed to find endpoint", form.serverError());
        assertTrue(connectionFailures.isEmpty());
    }

    @Test
    void expireSecretChecksTheLifetimeAndRotates() {
        var expire = new ExpireSecretViewModel(new SameThreadBackgroundTasks(), server::client,
                connectionFailures::add);
        expire.hours.set("169");
        assertFalse(expire.expire(endpoint, result::set));
        assertEquals("Old secret valid for (hours) must be a whole number from 0 to 168", expire.hours.error());
        assertEquals(1, server.client().getEndpoint(endpoint.uid()).secrets().size(), "nothing sent");

        expire.hours.set("2");
        expire.newSecret.set("the-new-secret");
        assertTrue(expire.expire(endpoint, result::set));

        var secrets = server.client().getEndpoint(endpoint.uid()).secrets();
        assertEquals(2, secrets.size());
        Instant expiresAt = secrets.getFirst().expiresAt();
        assertNotNull(expiresAt);
        assertTrue(Duration.between(Instant.now(), expiresAt).toMinutes() > 110, expiresAt.toString());
        assertEquals("the-new-secret", secrets.get(1).value());
        assertNull(secrets.get(1).expiresAt());
    }
}
