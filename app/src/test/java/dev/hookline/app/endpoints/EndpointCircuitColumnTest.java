package dev.hookline.app.endpoints;

import static org.junit.jupiter.api.Assertions.assertEquals;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.model.Endpoint;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.FakeConvoy;
import dev.hookline.app.testing.Screenshots;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The Endpoints table shows each endpoint's circuit breaker ({@code cb_state}), or a dash when none is said. */
class EndpointCircuitColumnTest {

    private final FxRobot robot = new FxRobot();
    private FakeConvoy server;

    @AfterEach
    void stop() throws Exception {
        FxToolkit.cleanupStages();
        if (server != null) {
            server.close();
        }
    }

    @Test
    void eachEndpointSaysWhetherItsCircuitIsOpen() throws Exception {
        server = FakeConvoy.start().answer("GET", "endpoints", 200, "{\"content\":["
                + endpoint("01OPEN000000000000000000AA", "orders", "open", 62.5) + ","
                + endpoint("01HALF000000000000000000AA", "billing", "half-open", 40.0) + ","
                + endpoint("01CLOSED0000000000000000AA", "search", "closed", 0.0) + ","
                + "{\"uid\":\"01CONVOY0000000000000000AA\",\"name\":\"legacy\",\"url\":\"https://legacy.example.com\","
                + "\"status\":\"active\"}],\"pagination\":{\"per_page\":50,\"has_next_page\":false,"
                + "\"has_prev_page\":false,\"prev_page_cursor\":\"\",\"next_page_cursor\":\"\"}}");
        ConsoleSession session = ConsoleSession.connected(server.client(), false, new SameThreadBackgroundTasks());
        Stage stage = FxToolkit.registerPrimaryStage();
        WaitForAsyncUtils.asyncFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            EndpointsView view = new EndpointsView(session);
            stage.setScene(new Scene((Parent) view.node(), 1260, 780));
            stage.show();
            view.onShown();
        }).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> table().getItems().size() == 4);
        WaitForAsyncUtils.waitForFxEvents();

        TableColumn<Endpoint, ?> circuit = table().getColumns().stream().filter(c -> "Circuit".equals(c.getText()))
                .findFirst().orElseThrow();
        assertEquals(List.of("open: not sending", "half-open: trying one", "closed", "–"), table().getItems().stream()
                .map(e -> String.valueOf(circuit.getCellObservableValue(e).getValue())).toList());
        Screenshots.save(stage.getScene(), "endpoints-circuit-state");
    }

    private static String endpoint(String id, String name, String state, double rate) {
        return "{\"uid\":\"" + id + "\",\"name\":\"" + name + "\",\"url\":\"https://" + name + ".example.com/hook\","
                + "\"status\":\"active\",\"cb_state\":\"" + state + "\",\"failure_rate\":" + rate + "}";
    }

    @SuppressWarnings("unchecked")
    private TableView<Endpoint> table() {
        return robot.lookup(".table-view").queryAs(TableView.class);
    }
}
