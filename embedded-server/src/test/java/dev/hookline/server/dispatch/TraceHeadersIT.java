package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.server.testing.Receiver;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Convoy's {@code add_event_id_trace_headers}: deliveries carry the event and delivery IDs as headers. */
class TraceHeadersIT {

    @TempDir
    Path dataDir;

    private DispatchFixture f;
    private Receiver receiver;

    @BeforeEach
    void start() throws IOException {
        f = DispatchFixture.start(dataDir);
        receiver = Receiver.start();
    }

    @AfterEach
    void stop() {
        receiver.close();
        f.close();
    }

    @Test
    void aProjectWithTraceHeadersSendsTheEventAndDeliveryIds() {
        f.project.client().updateProject(f.project.id(), new UpdateProjectRequest("dispatch", null,
                ProjectConfig.builder().addEventIdTraceHeaders(true).build()));
        String endpoint = f.endpoint(receiver.url("/hooks"));

        EventDelivery delivery = f.deliver(endpoint);

        Receiver.Request got = receiver.awaitRequests(1, DispatchFixture.WAIT).getFirst();
        assertEquals(delivery.eventId(), got.header("X-Convoy-Event-ID"));
        assertEquals(delivery.uid(), got.header("X-Convoy-EventDelivery-ID"));
    }

    @Test
    void withoutTheSettingNoTraceHeadersAreSent() {
        String endpoint = f.endpoint(receiver.url("/hooks"));

        f.deliver(endpoint);

        Receiver.Request got = receiver.awaitRequests(1, DispatchFixture.WAIT).getFirst();
        assertNull(got.header("X-Convoy-Event-ID"));
        assertNull(got.header("X-Convoy-EventDelivery-ID"));
    }
}
