package dev.hookline.app.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.QueuedBackgroundTasks;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The table view model against a real embedded server (endpoints list: newest first, keyset cursors). */
class PagedListModelTest {

    private static final Instant NOW = Instant.parse("2026-11-23T12:34:56Z");

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private ApiClient client;
    private final List<ListQuery> sent = new ArrayList<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        client = server.client();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private PagedListModel<Endpoint> model(ConsoleSession session) {
        PageLoader<Endpoint> recording = (c, query) -> {
            sent.add(query);
            return c.listEndpoints(query);
        };
        return new PagedListModel<>(session, recording, Endpoint::uid, Clock.fixed(NOW, ZoneOffset.UTC));
    }

    private List<String> createEndpoints(int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ids.add(client.createEndpoint(EndpointRequest.of("https://e" + i + ".example", "endpoint-" + i)).uid());
        }
        return ids;
    }

    private static List<String> ids(List<Endpoint> rows) {
        return rows.stream().map(Endpoint::uid).toList();
    }

    @Test
    void firstLoadSendsTheFiltersThePageSizeAndExplicitDates() {
        createEndpoints(1);
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.filterProperty().set(ListQuery.create().with("q", "endpoint"));
        model.dateRangeProperty().set(DateRange.of(DateRange.Preset.LAST_HOUR));
        model.perPageProperty().set(25);

        model.reload();

        ListQuery query = sent.getLast();
        assertEquals("endpoint", query.value("q"));
        assertEquals("25", query.value("perPage"));
        assertEquals("2026-11-23T11:34:56", query.value("startDate"));
        assertEquals("2026-11-23T12:34:56", query.value("endDate"));
        assertNull(query.value("next_page_cursor"));
        assertEquals(LoadState.LOADED, model.stateProperty().get());
    }

    @Test
    void changingAFilterReloadsFromTheFirstPageOnlyOnceStarted() {
        List<String> created = createEndpoints(3);
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.perPageProperty().set(2);
        assertTrue(sent.isEmpty(), "nothing loads before the view asks");

        model.reload();
        model.nextPage();
        model.filterProperty().set(ListQuery.create().with("q", "endpoint-1"));

        assertEquals(List.of(created.get(1)), ids(model.rows()));
        assertNull(sent.getLast().value("direction"), "back on the first page");
        assertTrue(model.isOnFirstPage());
    }

    @Test
    void pagingFollowsTheServersCursorsBothWays() {
        List<String> created = createEndpoints(5); // listed newest first: 4 3 | 2 1 | 0
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.perPageProperty().set(2);

        model.reload();
        assertEquals(List.of(created.get(4), created.get(3)), ids(model.rows()));
        assertTrue(model.hasNextProperty().get());
        assertFalse(model.hasPrevProperty().get());

        model.nextPage();
        assertEquals(List.of(created.get(2), created.get(1)), ids(model.rows()));
        assertEquals("next", sent.getLast().value("direction"));
        assertFalse(sent.getLast().value("next_page_cursor").isBlank(), "the cursor the server gave");
        assertTrue(model.hasPrevProperty().get());

        model.nextPage();
        assertEquals(List.of(created.get(0)), ids(model.rows()));
        assertFalse(model.hasNextProperty().get());

        model.previousPage();
        model.previousPage();
        assertEquals(List.of(created.get(4), created.get(3)), ids(model.rows()));
        assertFalse(model.hasPrevProperty().get());
        assertTrue(model.isOnFirstPage(), "live tail works again after paging back");
    }

    @Test
    void refreshStaysOnThePageAndKeepsTheSelectionById() {
        List<String> created = createEndpoints(4);
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.perPageProperty().set(2);
        model.reload();
        model.nextPage();
        Endpoint chosen = model.rows().get(1);
        model.selectedProperty().set(chosen);
        client.updateEndpoint(chosen.uid(), EndpointRequest.of("https://renamed.example", "renamed"));

        model.refresh();

        assertEquals(List.of(created.get(1), created.get(0)), ids(model.rows()));
        Endpoint reselected = model.selectedProperty().get();
        assertEquals(chosen.uid(), reselected.uid());
        assertNotSame(chosen, reselected);
        assertEquals("renamed", reselected.name(), "the fresh row, not the stale one");
    }

    @Test
    void selectionIsClearedWhenItsRowIsGone() {
        List<String> created = createEndpoints(2);
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.reload();
        model.selectedProperty().set(model.rows().get(0));

        client.deleteEndpoint(created.get(1));
        model.refresh();

        assertNull(model.selectedProperty().get());
        assertEquals(List.of(created.get(0)), ids(model.rows()));
    }

    @Test
    void liveTailPutsNewRowsOnTopAndUpdatesChangedRowsInPlace() {
        List<String> created = createEndpoints(3);
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.reload();
        Endpoint chosen = model.rows().get(2);
        model.selectedProperty().set(chosen);

        String newest = createEndpoints(1).getFirst();
        client.pauseEndpoint(created.get(1));
        model.poll();

        assertEquals(List.of(newest, created.get(2), created.get(1), created.get(0)), ids(model.rows()));
        assertEquals(EndpointStatus.PAUSED, model.rows().get(2).status());
        assertEquals(chosen.uid(), model.selectedProperty().get().uid());
        assertEquals(LoadState.LOADED, model.stateProperty().get());
    }

    @Test
    void liveTailDoesNothingOffTheFirstPage() {
        createEndpoints(3);
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.perPageProperty().set(2);
        model.reload();
        model.nextPage();
        int calls = sent.size();

        model.poll();

        assertEquals(calls, sent.size());
    }

    @Test
    void aLateAnswerToASupersededCallIsDropped() {
        List<String> created = createEndpoints(2);
        QueuedBackgroundTasks tasks = new QueuedBackgroundTasks();
        PagedListModel<Endpoint> model = model(server.session(tasks));
        model.reload();
        model.filterProperty().set(ListQuery.create().with("q", "endpoint-0"));
        assertEquals(LoadState.LOADING, model.stateProperty().get());

        tasks.runLast();  // the filtered answer arrives first
        tasks.runNext();  // then the unfiltered one, which no longer matters

        assertEquals(List.of(created.get(0)), ids(model.rows()));
    }

    @Test
    void aServerErrorShowsTheServersMessageWithoutTheBanner() {
        ApiClient unknownProject = client.withProject("01JD0000000000000000000000");
        ConsoleSession session = ConsoleSession.connected(unknownProject, true,
                new dev.hookline.app.concurrent.SameThreadBackgroundTasks());
        PagedListModel<Endpoint> model = model(session);

        model.reload();

        assertEquals(LoadState.FAILED, model.stateProperty().get());
        String error = model.errorProperty().get();
        assertFalse(error.isBlank());
        assertFalse(error.contains("Exception"), error);
        assertFalse(error.contains("\tat "), error);
        assertNull(session.connectionProblemProperty().get());
    }

    @Test
    void anUnreachableServerRaisesTheBannerAndTheNextSuccessClearsIt() {
        createEndpoints(1);
        ConsoleSession session = server.sameThreadSession();
        PagedListModel<Endpoint> model = model(session);
        model.reload();
        int port = server.server().port();
        server.close();

        model.refresh();

        assertEquals(LoadState.FAILED, model.stateProperty().get());
        assertTrue(model.errorProperty().get().startsWith("cannot reach http://127.0.0.1:" + port),
                model.errorProperty().get());
        assertTrue(session.connectionProblemProperty().get() != null);
        assertEquals(1, model.rows().size(), "the rows stay on screen");

        server = EmbeddedServerFixture.start(dataDirectory);
        session.connect(server.client(), true);

        assertNull(session.connectionProblemProperty().get());
        assertEquals(LoadState.LOADED, model.stateProperty().get());
    }

    @Test
    void switchingTheClientReloadsAndClearsTheSelection() {
        createEndpoints(2);
        ConsoleSession session = server.sameThreadSession();
        PagedListModel<Endpoint> model = model(session);
        model.reload();
        model.selectedProperty().set(model.rows().get(0));
        int calls = sent.size();

        session.connect(client.withProject(client.projectId()), true);

        assertEquals(calls + 1, sent.size());
        assertNull(model.selectedProperty().get());
        assertEquals(2, model.rows().size());
    }

    @Test
    void anEmptyListIsLoadedWithoutPages() {
        PagedListModel<Endpoint> model = model(server.sameThreadSession());
        model.reload();

        assertEquals(LoadState.LOADED, model.stateProperty().get());
        assertTrue(model.rows().isEmpty());
        assertFalse(model.hasNextProperty().get());
    }
}
