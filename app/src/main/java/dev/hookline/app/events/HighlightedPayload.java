package dev.hookline.app.events;

import atlantafx.base.theme.Styles;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The payload as shown, with what the events search matched marked ({@link PayloadMatches}), and how many. Shown
 * instead of the plain payload while a search matches something in it.
 */
final class HighlightedPayload extends VBox {

    private final TextFlow flow = new TextFlow();
    private final Label count = new Label();
    private int matches;

    HighlightedPayload(ObservableValue<String> payload, ObservableValue<String> search) {
        super(4);
        setId("eventPayloadHighlights");
        getStyleClass().add("payload-highlights");
        flow.setId("eventPayloadHighlightText");
        flow.getStyleClass().add("code-flow");
        count.setId("eventPayloadMatchCount");
        count.getStyleClass().addAll(Styles.TEXT_MUTED, Styles.TEXT_SMALL);
        ScrollPane scroll = new ScrollPane(flow);
        scroll.getStyleClass().add("code-scroll");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        getChildren().addAll(count, scroll);
        Runnable update = () -> show(payload.getValue(), search.getValue());
        payload.addListener((o, before, now) -> update.run());
        search.addListener((o, before, now) -> update.run());
        update.run();
    }

    /** How many matches are marked now (0: nothing to show; the plain payload is shown instead). */
    int matches() {
        return matches;
    }

    private void show(String text, String search) {
        List<PayloadMatches.Range> ranges = PayloadMatches.find(text, search);
        matches = ranges.size();
        List<Node> parts = new ArrayList<>();
        int at = 0;
        for (PayloadMatches.Range range : ranges) {
            if (range.start() > at) {
                parts.add(plain(text.substring(at, range.start())));
            }
            // a label, not a text: only a region has a background to mark the match with
            Label match = new Label(text.substring(range.start(), range.end()));
            match.getStyleClass().add("payload-match");
            match.setMinWidth(Label.USE_PREF_SIZE);
            parts.add(match);
            at = range.end();
        }
        if (text != null && at < text.length()) {
            parts.add(plain(text.substring(at)));
        }
        flow.getChildren().setAll(parts);
        count.setText(matches == 1 ? "1 match of the search highlighted" : matches + " matches of the search highlighted");
        setVisible(matches > 0);
        setManaged(matches > 0);
    }

    private static Text plain(String text) {
        Text node = new Text(text);
        node.getStyleClass().add("code-text");
        return node;
    }
}
