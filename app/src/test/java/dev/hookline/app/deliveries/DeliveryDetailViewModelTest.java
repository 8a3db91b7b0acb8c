package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class DeliveryDetailViewModelTest {

    private static final String ATTEMPTS = """
            [{"uid":"A1","url":"http://r/hook","method":"POST","request_http_header":{},"http_status":"500",
              "response_data":"oops","status":false},
             {"uid":"A2","url":"http://r/hook","method":"POST","request_http_header":{},"http_status":"502",
              "response_data":"","status":false}]""";

    private FakeConvoy convoy;
    private DeliveryDetailViewModel detail;
    private int afterActions;

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start();
        detail = new DeliveryDetailViewModel(ConsoleSession.connected(convoy.client(), false,
                new SameThreadBackgroundTasks()));
        detail.setAfterAction(() -> afterActions++);
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    private void delivery(String status) {
        convoy.answer("GET", "eventdeliveries/D1", 200, """
                {"uid":"D1","event_id":"E1","endpoint_id":"EP1","status":"%s","metadata":{"raw":"{\\"n\\":1}"}}"""
                .formatted(status));
        convoy.answer("GET", "eventdeliveries/D1/deliveryattempts", 200, ATTEMPTS);
        convoy.answer("GET", "events/E1", 200, """
                {"uid":"E1","event_type":"invoice.paid","headers":{"X-Src":["a"]},"data":{"n":1}}""");
    }

    @Test
    void loadsTheDeliveryItsEventAndAttemptsAndInspectsTheNewestAttempt() {
        delivery("Failure");

        detail.show("D1");

        assertEquals("D1", detail.deliveryProperty().get().uid());
        assertEquals("invoice.paid", detail.eventProperty().get().eventType());
        assertEquals(List.of("A1", "A2"), detail.attempts().stream().map(a -> a.uid()).toList());
        assertEquals("A2", detail.inspectionProperty().get().attemptId());
        assertEquals("", detail.errorProperty().get());

        detail.selectedAttemptProperty().set(detail.attempts().get(0));
        assertEquals("oops", detail.inspectionProperty().get().responseBody());
    }

    @Test
    void aDeletedEventStillShowsTheDelivery() {
        delivery("Failure");
        convoy.answer("GET", "events/E1", 404, "\"event not found\"");

        detail.show("D1");

        assertEquals("D1", detail.deliveryProperty().get().uid());
        assertNull(detail.eventProperty().get());
        assertEquals("", detail.errorProperty().get());
    }

    @Test
    void anUnknownDeliveryShowsTheServersMessage() {
        convoy.answer("GET", "eventdeliveries/D9", 404, "\"event delivery not found\"");

        detail.show("D9");

        assertEquals("event delivery not found", detail.errorProperty().get());
        assertNull(detail.deliveryProperty().get());
        assertFalse(detail.loadingProperty().get());
    }

    @Test
    void retryResendsAFailedDeliveryAndReloads() {
        delivery("Failure");
        convoy.answer("PUT", "eventdeliveries/D1/resend", 200, "{\"uid\":\"D1\",\"status\":\"Scheduled\"}");
        detail.show("D1");
        assertTrue(detail.canResendProperty().get());
        assertFalse(detail.canForceResendProperty().get());

        detail.resend();

        assertEquals(1, convoy.requests("PUT", "eventdeliveries/D1/resend").size());
        assertEquals(2, convoy.requests("GET", "eventdeliveries/D1").size(), "followed");
        assertEquals(2, afterActions, "after the retry, and once more when it settled");
        // the stand-in server keeps answering Failure: followed once, settled
        assertEquals("Scheduled for retry: now Failure.", detail.actionMessageProperty().get());
    }

    @Test
    void forceResendSendsTheSuccessfulDeliveryById() {
        delivery("Success");
        convoy.answer("POST", "eventdeliveries/forceresend", 200, "null");
        detail.show("D1");
        assertFalse(detail.canResendProperty().get());

        detail.resend(); // not allowed for a successful delivery: nothing is sent
        detail.forceResend();

        assertEquals(List.of(), convoy.requests("PUT", "eventdeliveries/D1/resend"));
        assertEquals("{\"ids\":[\"D1\"]}", convoy.requests("POST", "eventdeliveries/forceresend").get(0).body());
    }

    @Test
    void aRefusedRetryShowsTheServersMessage() {
        delivery("Failure");
        convoy.answer("PUT", "eventdeliveries/D1/resend", 400, "\"the endpoint is currently paused\"");
        detail.show("D1");

        detail.resend();

        assertEquals("the endpoint is currently paused", detail.actionMessageProperty().get());
        assertEquals(0, afterActions);
    }

    @Test
    void retryIsOfferedOnlyWhereConvoyAllowsItAndSaysWhyElsewhere() {
        delivery("Retry");
        detail.show("D1");
        assertFalse(detail.canResendProperty().get());
        assertEquals("Still on its way (Retry): only a failed or discarded delivery can be retried.",
                detail.retryBlockedProperty().get());

        convoy.answer("GET", "eventdeliveries/D1", 200, """
                {"uid":"D1","event_id":"E1","endpoint_id":"EP1","status":"Discarded",
                 "endpoint_metadata":{"uid":"EP1","status":"paused"}}""");
        detail.reload();
        assertFalse(detail.canResendProperty().get(), "Convoy refuses a resend to a paused endpoint");
        assertEquals("The endpoint is paused: resume it on the Endpoints page, then retry.",
                detail.retryBlockedProperty().get());

        detail.resend();
        assertEquals(List.of(), convoy.requests("PUT", "eventdeliveries/D1/resend"), "nothing sent");
    }
}
