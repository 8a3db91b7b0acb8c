package dev.hookline.app.form;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.RunningServer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PagedListTest {

    @TempDir
    Path dataDirectory;

    @Test
    void pagesForwardAndBackWithTheServersCursors() {
        try (RunningServer server = RunningServer.start(dataDirectory)) {
            for (String name : List.of("a", "b", "c")) {
                server.client().createEndpoint(EndpointRequest.of("https://example.com/" + name, name));
            }
            PagedList<Endpoint> list = new PagedList<>(new SameThreadBackgroundTasks(), server::client,
                    failure -> { }, ApiClient::listEndpoints);

            list.load(ListQuery.ofPerPage(2));
            assertEquals(List.of("c", "b"), names(list));
            assertTrue(list.hasNextProperty().get());
            assertFalse(list.hasPreviousProperty().get());

            list.next();
            assertEquals(List.of("a"), names(list));
            assertFalse(list.hasNextProperty().get());
            assertTrue(list.hasPreviousProperty().get());

            list.previous();
            assertEquals(List.of("c", "b"), names(list));
            assertEquals("", list.errorProperty().get());
        }
    }

    @Test
    void anUnreachableServerShowsWhyAndTellsTheShell() {
        List<Throwable> connectionFailures = new ArrayList<>();
        try (ApiClient nowhere = new ApiClient("http://127.0.0.1:1/api", "CO.x.y").withProject("p")) {
            PagedList<Endpoint> list = new PagedList<>(new SameThreadBackgroundTasks(), () -> nowhere,
                    connectionFailures::add, ApiClient::listEndpoints);

            list.load(ListQuery.ofPerPage(2));

            assertTrue(list.errorProperty().get().startsWith("Could not load the list: "),
                    list.errorProperty().get());
            assertFalse(list.errorProperty().get().contains("\tat "), "no stack trace");
            assertEquals(1, connectionFailures.size());
            assertFalse(list.loadingProperty().get());
        }
    }

    private static List<String> names(PagedList<Endpoint> list) {
        return list.rows().stream().map(Endpoint::name).toList();
    }
}
