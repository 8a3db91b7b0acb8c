package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.Json;
import dev.hookline.api.model.CreateEventRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.time.Duration;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/**
 * The endpoints table's failure rate is the circuit breaker's {@code failure_rate} as the server gives it, a
 * percentage: an endpoint that failed every try reads "100 %" (it read "10000 %").
 */
class EndpointFailureRateViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() throws Exception {
        receiver = RecordingReceiver.start(500, "{\"error\":\"down\"}");
        server = EmbeddedServerFixture.start(dataDirectory);
    }

    @AfterEach
    void stop() throws Exception {
        if (harness != null) {
            harness.close();
        }
        server.close();
        receiver.close();
    }

    @Test
    void anEndpointThatFailedEveryTryReadsOneHundredPercent() throws Exception {
        Endpoint failing = server.client().createEndpoint(EndpointRequest.of(receiver.url("/hook"), "failing"));
        server.client().createEvent(CreateEventRequest.toEndpoint(failing.uid(), "order.paid",
                Json.strict().createObjectNode().put("n", 1)));
        receiver.awaitPath("/hook", 1, Duration.ofSeconds(20));
        ViewHarness.await("the server counts the failed try", () ->
                Double.valueOf(100).equals(server.client().getEndpoint(failing.uid()).failureRate()));

        harness = ViewHarness.show(server, EndpointsView::new);
        @SuppressWarnings("unchecked")
        TableView<Endpoint> table = robot.lookup("#endpoints-table").queryAs(TableView.class);
        ViewHarness.await("the endpoint is listed", () -> table.getItems().size() == 1);
        ViewHarness.await("the rate is drawn", () -> robot.lookup("100 %").tryQuery().isPresent());
        assertEquals(100.0, table.getItems().getFirst().failureRate(), "the API's value, a percentage");
        assertEquals("100 %", EndpointsView.failureRate(table.getItems().getFirst()));
        harness.screenshot("endpoints-failure-rate");
    }
}
