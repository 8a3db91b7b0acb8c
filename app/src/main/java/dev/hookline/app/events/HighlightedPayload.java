package dev.hookline.app.events;

import dev.hookline.app.fxml.Fxml;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.value.ObservableValue;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The payload as shown, with what the events search matched marked ({@link PayloadMatches}), and how many. Shown
 * instead of the plain payload while a search matches something in it. The layout is
 * {@code HighlightedPayload.fxml}.
 */
final class HighlightedPayload extends VBox {

    private final ObservableValue<String> payload;
    private final ObservableValue<String> search;
    private int matches;
    @FXML
    private Label eventPayloadMatchCount;
    @FXML
    private TextFlow eventPayloadHighlightText;

    HighlightedPayload(ObservableValue<String> payload, ObservableValue<String> search) {
        this.payload = payload;
        this.search = search;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
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
        eventPayloadHighlightText.getChildren().setAll(parts);
        eventPayloadMatchCount.setText(matches == 1 ? "1 match of the search highlighted"
                : matches + " matches of the search highlighted");
        setVisible(matches > 0);
        setManaged(matches > 0);
    }

    private static Text plain(String text) {
        Text node = new Text(text);
        node.getStyleClass().add("code-text");
        return node;
    }
}
