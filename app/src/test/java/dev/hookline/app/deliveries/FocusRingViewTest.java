package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.RecordingReceiver;
import dev.hookline.app.testing.TrafficSeeds;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javafx.application.Application;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.TableView;
import javafx.scene.effect.DropShadow;
import javafx.scene.effect.Effect;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Focus you can see (issue 25): tabbing through the deliveries view, every control the keyboard reaches is marked
 * focus-visible and draws the accent ring (an opaque drop shadow in the theme's accent colour), in Primer light and
 * Primer dark alike; the ring's colour follows the theme.
 */
class FocusRingViewTest {

    private static final PseudoClass FOCUS_VISIBLE = PseudoClass.getPseudoClass("focus-visible");
    /** At most this many Tab presses to go from the first filter past the table's bar into the table. */
    private static final int STOPS = 40;

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private RecordingReceiver receiver;
    private EmbeddedServerFixture server;
    private TrafficSeeds traffic;
    private ViewHarness harness;

    @BeforeEach
    void seed() throws Exception {
        receiver = RecordingReceiver.start(200, "{\"received\":true}");
        server = EmbeddedServerFixture.start(dataDirectory);
        traffic = TrafficSeeds.start(server.server(), receiver);
    }

    @AfterEach
    void close() throws Exception {
        ViewHarness.onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            return null;
        });
        if (harness != null) {
            harness.close();
        }
        traffic.close();
        server.close();
        receiver.close();
    }

    @Test
    void everyControlTheKeyboardReachesShowsTheAccentRingInLightAndDark() throws Exception {
        traffic.ingest("{\"order\":\"1\"}");
        harness = ViewHarness.show(server, session -> new DeliveriesView(ConsoleSession.connected(traffic.client(),
                true, session.tasks())));
        TableView<?> table = robot.lookup("#deliveriesTable .table-view").queryAs(TableView.class);
        ViewHarness.await("the delivery is listed", () -> table.getItems().size() == 1);

        Color light = tabThrough("light");
        harness.screenshot("focus-ring-light");
        ViewHarness.onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Color dark = tabThrough("dark");
        harness.screenshot("focus-ring-dark");
        assertTrue(!light.equals(dark), "the ring takes each theme's own accent colour: " + light + " / " + dark);
    }

    /** Tabs from the first filter on until the table; returns the ring colour seen (the same on every control of the theme). */
    private Color tabThrough(String theme) throws Exception {
        ViewHarness.onFx(() -> {
            robot.lookup("#deliveriesView").query().requestFocus();
            return null;
        });
        robot.targetWindow(harness.stage());
        List<String> visited = new ArrayList<>();
        Set<String> kinds = new LinkedHashSet<>();
        Color colour = null;
        for (int i = 0; i < STOPS; i++) {
            robot.press(KeyCode.TAB).release(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            Node focused = ViewHarness.onFx(() -> harness.stage().getScene().getFocusOwner());
            assertNotNull(focused, theme + ": Tab " + (i + 1) + " reaches a control");
            String name = describe(focused);
            visited.add(name);
            kinds.add(kind(focused));
            assertTrue(focused.getPseudoClassStates().contains(FOCUS_VISIBLE),
                    theme + ": " + name + " is marked as keyboard-focused");
            Color ring = ViewHarness.onFx(() -> ringColour(focused));
            assertNotNull(ring, theme + ": " + name + " draws a focus ring (visited " + visited + ")");
            assertEquals(1.0, ring.getOpacity(), 0.01, theme + ": " + name + "'s ring is opaque");
            if (colour == null) {
                colour = ring;
            }
            assertEquals(colour, ring, theme + ": " + name + " rings in the same accent colour as the others");
            if (focused instanceof TableView<?>) {
                break;
            }
        }
        assertTrue(kinds.containsAll(Set.of("button", "text-input", "table")), theme + ": the tour passes buttons, "
                + "text fields and the table: " + visited);
        return colour;
    }

    /** The ring: the accent drop shadow on the control, or on its box (check boxes, radio buttons). */
    private static Color ringColour(Node focused) {
        Color own = shadow(focused.getEffect());
        if (own != null) {
            return own;
        }
        for (String part : List.of(".box", ".radio")) {
            Node inner = focused.lookup(part);
            if (inner != null && shadow(inner.getEffect()) != null) {
                return shadow(inner.getEffect());
            }
        }
        return null;
    }

    private static Color shadow(Effect effect) {
        return effect instanceof DropShadow drop ? drop.getColor() : null;
    }

    private static String kind(Node node) {
        if (node instanceof TableView<?>) {
            return "table";
        }
        if (node.getStyleClass().contains("text-input")) {
            return "text-input";
        }
        if (node.getStyleClass().contains("button") || node.getStyleClass().contains("toggle-button")) {
            return "button";
        }
        return String.join(",", node.getStyleClass());
    }

    private static String describe(Node node) {
        String text = node instanceof javafx.scene.control.Labeled labeled ? " '" + labeled.getText() + "'" : "";
        return (node.getId() == null ? "" : "#" + node.getId() + " ") + node.getClass().getSimpleName() + text
                + (node instanceof Control ? "" : " (not a control)");
    }
}
