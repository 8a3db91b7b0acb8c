package dev.hookline.app.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.testing.FakeConvoy;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class EventDetailViewModelTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);

    private FakeConvoy convoy;
    private ConsoleSession session;
    private EventDetailViewModel detail;

    @BeforeEach
    void start() throws Exception {
        convoy = FakeConvoy.start();
        session = ConsoleSession.connected(convoy.client(), false, new SameThreadBackgroundTasks());
        detail = new EventDetailViewModel(session, CLOCK);
        convoy.answer("GET", "events/E1", 200, """
                {"uid":"E1","event_type":"invoice.paid","is_duplicate_event":true,"headers":{"X-A":["1"]},
                 "data":{"amount":10},"created_at":"2026-11-20T08:00:00Z"}""");
        convoy.answer("GET", "eventdeliveries", 200, """
                {"content":[{"uid":"D1","event_id":"E1","status":"Success"}],"pagination":{"per_page":50,
                 "has_next_page":false,"has_prev_page":false,"prev_page_cursor":"D1","next_page_cursor":""}}""");
    }

    @AfterEach
    void stop() {
        convoy.close();
    }

    @Test
    void showsPayloadDuplicateMarkerAndDeliveriesOfTheEvent() {
        detail.show("E1");

        assertEquals("{\n  \"amount\" : 10\n}", detail.payloadProperty().get());
        assertTrue(detail.duplicateProperty().get());
        assertEquals(List.of("D1"), detail.deliveries().stream().map(d -> d.uid()).toList());

        FakeConvoy.Request list = convoy.requests("GET", "eventdeliveries").get(0);
        assertEquals("E1", list.param("eventId"));
        assertEquals("2026-11-19T08:00:00", list.param("startDate"), "a day before the event");
        assertEquals("2026-11-24T12:00:00", list.param("endDate"), "a day after now: replays come later");
    }

    @Test
    void anEventWithEveryFieldConvoySendsShowsAsWithout() {
        convoy.answer("GET", "events/E2", 200, """
                {"uid":"E2","event_type":"invoice.paid","is_duplicate_event":false,"headers":{"X-A":["1"]},
                 "endpoint_metadata":[{"uid":"EP1","url":"https://r.example","name":"r","status":"active",
                 "failure_count":null,"success_count":null,"retry_count":null,"period_failure_rate":null}],
                 "source_metadata":null,"data":{"amount":10},"raw":"{\\"amount\\":10}","status":"Success",
                 "failure_reason":"","created_at":"2026-11-20T08:00:00Z"}""");
        convoy.answer("GET", "eventdeliveries", 200, """
                {"content":[{"uid":"D2","event_id":"E2","status":"Success","target_url":"https://r.example?a=1"}],
                 "pagination":{"per_page":50,"has_next_page":false,"has_prev_page":false,"prev_page_cursor":"D2",
                 "next_page_cursor":""}}""");

        detail.show("E2");

        assertEquals("{\n  \"amount\" : 10\n}", detail.payloadProperty().get(), "the payload from data, not raw");
        assertEquals(List.of("D2"), detail.deliveries().stream().map(d -> d.uid()).toList());
        assertEquals("https://r.example?a=1", detail.deliveries().get(0).targetUrl());
    }

    @Test
    void replayAsksTheServerThenReloads() {
        convoy.answer("PUT", "events/E1/replay", 200, "{\"uid\":\"E1\"}");
        List<String> reloaded = new ArrayList<>();
        detail.setAfterAction(() -> reloaded.add("table"));
        detail.show("E1");

        detail.replay();

        assertEquals(1, convoy.requests("PUT", "events/E1/replay").size());
        assertEquals(2, convoy.requests("GET", "events/E1").size());
        assertEquals(List.of("table"), reloaded);
        assertEquals("Event replayed", detail.actionMessageProperty().get());
    }

    @Test
    void showDeliveriesAsksTheShellForDeliveriesFilteredByTheEvent() {
        List<ConsoleSession.Navigation> asked = new ArrayList<>();
        session.onNavigate(asked::add);
        detail.show("E1");

        detail.showDeliveries();

        assertEquals(List.of(new ConsoleSession.Navigation(NavigationTarget.DELIVERIES, Map.of("eventId", "E1"))),
                asked);
    }

    @Test
    void anUnknownEventShowsTheServersMessage() {
        convoy.answer("GET", "events/E9", 404, "\"event not found\"");

        detail.show("E9");

        assertEquals("event not found", detail.errorProperty().get());
        assertFalse(detail.loadingProperty().get());
    }
}
