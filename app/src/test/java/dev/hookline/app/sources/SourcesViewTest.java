package dev.hookline.app.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.testing.Counts;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;

/** The sources view against a real embedded server. */
class SourcesViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private ViewHarness harness;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
    }

    @AfterEach
    void stop() throws Exception {
        if (harness != null) {
            harness.close();
        }
        server.close();
    }

    @Test
    void createsAnHmacSourceAndShowsItsIngestUrl() throws Exception {
        harness = ViewHarness.show(server, SourcesView::new);

        robot.clickOn("#sources-new");
        robot.clickOn("#source-name").write("billing webhooks");
        robot.clickOn("#source-verifier-type").clickOn("HMAC signature");
        assertTrue(robot.lookup("#source-hmac-header").query().isVisible(), "hmac fields shown");
        assertTrue(!robot.lookup("#source-basic-username").query().isVisible(), "basic-auth fields hidden");
        robot.clickOn("#source-hmac-header").write("X-Billing-Signature");
        robot.clickOn("#source-hmac-secret").write("whsec-123");
        harness.screenshotLightAndDark("sources-form");
        robot.clickOn("#source-form-save");

        TableView<Source> table = table();
        ViewHarness.await("the source is listed", () -> table.getItems().size() == 1);
        Source created = table.getItems().getFirst();
        assertEquals("billing webhooks", created.name());
        assertEquals(VerifierType.HMAC, server.client().getSource(created.uid()).verifier().type());
        String url = created.url();
        assertTrue(url.endsWith("/ingest/" + created.maskId()), url);
        ViewHarness.await("the form shows the ingest URL", () -> url.equals(
                robot.lookup("#source-ingest-url").queryAs(Label.class).getText()));
        ViewHarness.await("the URL is in the table", () -> robot.lookup(url).tryQuery().isPresent());
        harness.screenshot("sources");
    }

    @Test
    void aBrokerSourceThatCannotConnectShowsItsConsumerRetryingWithTheReason() throws Exception {
        // nothing listens on port 1: the consumer fails, says why and tries again
        server.client().createSource(new CreateSourceRequest("orders", SourceType.PUB_SUB, null, null, null,
                new PubSubConfig(PubSubType.AMQP, 1, null, null, null, new PubSubConfig.Amqp("amqp", "127.0.0.1",
                        "1", "orders", "/", new PubSubConfig.AmqpAuth("guest", "guest"), null, null, null, null)),
                null, null, null));
        harness = ViewHarness.show(server, SourcesView::new);

        TableView<Source> table = table();
        ViewHarness.await("the consumer is retrying", () -> {
            robot.interact(() -> robot.lookup("#sources-filter").queryButton().fire());
            return table.getItems().size() == 1 && table.getItems().getFirst().consumer() != null
                    && table.getItems().getFirst().consumer().state() == ConsumerState.RETRYING;
        });
        String shown = table.getItems().getFirst().consumer().lastError();
        assertTrue(shown != null && !shown.isBlank(), "the reason is there");
        ViewHarness.await("the reason is in the table", () -> robot.lookup(
                node -> node instanceof javafx.scene.control.Labeled labeled && labeled.getText() != null
                        && labeled.getText().startsWith(shown)).tryQuery().isPresent());
        assertTrue(robot.lookup("retrying").tryQuery().isPresent(), "the state pill");
        harness.screenshot("sources-consumer-retrying");
    }

    @Test
    void anInvalidSourceShowsItsMessageAndSendsNothing() throws Exception {
        harness = ViewHarness.show(server, SourcesView::new);

        robot.clickOn("#sources-new");
        robot.clickOn("#source-name").write("queue");
        robot.clickOn("#source-type").clickOn("Pub/Sub (read from a broker)");
        robot.clickOn("#source-pubsub-type").clickOn("AMQP (RabbitMQ)");
        robot.clickOn("#source-amqp-port").eraseText(4).write("99999");
        robot.clickOn("#source-form-save");

        assertEquals("Host is required", robot.lookup("#source-amqp-host-error").queryAs(Label.class).getText());
        assertEquals("Port must be a whole number from 1 to 65535",
                robot.lookup("#source-amqp-port-error").queryAs(Label.class).getText());
        harness.screenshot("sources-form-invalid");
        assertEquals(0, Counts.sources(server.client()));
    }

    @Test
    void testingTheBodyFunctionShowsItsOutput() throws Exception {
        harness = ViewHarness.show(server, SourcesView::new);

        robot.clickOn("#sources-new");
        ViewHarness.scrollTo(robot.lookup("#source-body-function").query());
        robot.clickOn("#source-body-function").write("function transform(p) { console.log('type ' + p.type); "
                + "return {event_type: p.type, data: p.order}; }");
        ViewHarness.scrollTo(robot.lookup("#source-body-test-run").query());
        robot.clickOn("#source-body-test-run");

        try {
            ViewHarness.await("the output is shown",
                    () -> robot.lookup("#source-body-test-output").query().isVisible());
        } finally {
            harness.screenshot("sources-function-test");
        }
        assertEquals("type order.created",
                robot.lookup("#source-body-test-log").queryAs(javafx.scene.control.TextArea.class).getText());
        harness.screenshotLightAndDark("sources-function-test");
        assertEquals(0, Counts.sources(server.client()), "testing saves nothing");
    }

    @SuppressWarnings("unchecked")
    private TableView<Source> table() {
        return robot.lookup("#sources-table").queryAs(TableView.class);
    }
}
