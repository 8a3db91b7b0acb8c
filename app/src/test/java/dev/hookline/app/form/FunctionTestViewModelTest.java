package dev.hookline.app.form;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FunctionTestViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private final List<Throwable> connectionFailures = new ArrayList<>();
    private final FormField function = new FormField("Transform function");

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void runsTheSubscriptionFunctionAndShowsOutputAndLog() {
        var tester = subscriptionTester(server.client());
        function.set("function transform(payload) { console.log('seen ' + payload.id); payload.seen = true; "
                + "return payload; }");
        tester.samplePayload.set("{\"id\": 7}");

        assertTrue(tester.run());

        assertEquals("", tester.form().serverError());
        assertTrue(tester.outputProperty().get().contains("\"seen\" : true"), tester.outputProperty().get());
        assertEquals("seen 7", tester.logProperty().get());
    }

    @Test
    void aScriptErrorShowsTheServersMessage() {
        var tester = subscriptionTester(server.client());
        function.set("function transform(payload) { return payload.missing.deeper; }");
        tester.samplePayload.set("{}");

        assertTrue(tester.run());

        assertFalse(tester.form().serverError().isBlank());
        assertEquals("", tester.outputProperty().get());
    }

    @Test
    void aSourceBodyFunctionMustProduceAnEventType() {
        var tester = new FunctionTestViewModel(new SameThreadBackgroundTasks(), server::client,
                connectionFailures::add, ApiClient::testSourceFunction, function, "body");
        function.set("function transform(payload) { return {data: payload}; }");

        assertTrue(tester.run());

        assertEquals("the output payload doesn't include an event type", tester.form().serverError());
    }

    @Test
    void anInvalidSampleOrAnEmptyFunctionSendsNothing() {
        // a client that cannot reach anything: any request would be reported as a connection failure
        try (ApiClient nowhere = new ApiClient("http://127.0.0.1:1/api", "CO.x.y").withProject("p")) {
            var tester = subscriptionTester(nowhere);
            tester.samplePayload.set("[1");

            assertFalse(tester.run());

            assertTrue(tester.samplePayload.error().startsWith("Sample payload is not valid JSON: "),
                    tester.samplePayload.error());
            assertEquals("Transform function is empty: write function transform(payload) { ... } first",
                    function.error());
            assertTrue(connectionFailures.isEmpty(), "nothing was sent");
        }
    }

    private FunctionTestViewModel subscriptionTester(ApiClient client) {
        return new FunctionTestViewModel(new SameThreadBackgroundTasks(), () -> client, connectionFailures::add,
                ApiClient::testSubscriptionFunction, function, null);
    }
}
