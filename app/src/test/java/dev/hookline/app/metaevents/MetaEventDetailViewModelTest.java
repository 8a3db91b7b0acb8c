package dev.hookline.app.metaevents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.traffic.DetailWidgets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MetaEventDetailViewModelTest {

    private FakeConvoy convoy;
    private MetaEventDetailViewModel detail;

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start();
        detail = new MetaEventDetailViewModel(ConsoleSession.connected(convoy.client(), false,
                new SameThreadBackgroundTasks()));
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    private void metaEvent(String status) {
        convoy.answer("GET", "meta-events/M1", 200, """
                {"uid":"M1","event_type":"endpoint.created","status":"%s",
                 "metadata":{"data":{"event_type":"endpoint.created","data":{"uid":"EP1"}},"strategy":"linear",
                             "num_trials":2,"retry_limit":5,"next_send_time":"2026-11-23T10:00:00Z"},
                 "attempt":{"request_http_header":{"X-Convoy-Signature":"v1=a","Content-Type":"application/json"},
                            "response_http_header":{"Server":"r"},"response_data":"[1,2]"}}""".formatted(status));
    }

    @Test
    void showsTheSentBodyTheAttemptAndTheRetryState() {
        metaEvent("Retry");

        detail.show("M1");

        assertTrue(detail.payloadProperty().get().contains("\"event_type\" : \"endpoint.created\""));
        assertEquals(List.of("Content-Type", "X-Convoy-Signature"),
                List.copyOf(detail.requestHeadersProperty().get().keySet()));
        assertEquals("r", detail.responseHeadersProperty().get().get("server"));
        assertEquals("[ 1, 2 ]", detail.responseBodyProperty().get());
        assertEquals("Attempt 2 of 5 (linear), next at "
                + DetailWidgets.time(Instant.parse("2026-11-23T10:00:00Z")), detail.retryStateProperty().get());
        assertFalse(detail.canResendProperty().get(), "still being retried");
    }

    @Test
    void resendsAFailedMetaEvent() {
        metaEvent("Failure");
        convoy.answer("PUT", "meta-events/M1/resend", 200, "{\"uid\":\"M1\",\"status\":\"Scheduled\"}");
        detail.show("M1");

        detail.resend();

        assertEquals(1, convoy.requests("PUT", "meta-events/M1/resend").size());
        assertEquals("Meta event scheduled for resend", detail.actionMessageProperty().get());
    }
}
