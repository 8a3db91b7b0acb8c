package dev.hookline.app.traffic;

import atlantafx.base.theme.Styles;
import java.util.function.LongFunction;
import javafx.beans.binding.Bindings;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The inline strip of a {@link CountedBatch}: "Counting…", then the question with the count and a button named
 * after the action ("Retry 12 deliveries"), then the server's answer. Hidden while the batch is idle. Node ids
 * start with {@code prefix}: {@code -question}, {@code -confirm}, {@code -cancel}.
 */
public final class BatchBar extends HBox {

    private final Button followUp = new Button();

    /**
     * @param question the question for a count, e.g. {@code n -> "Retry the " + n + " failed deliveries ...?"}
     * @param action   the confirm button's text for a count, e.g. {@code n -> "Retry " + n + " deliveries"}
     */
    public BatchBar(String prefix, CountedBatch batch, LongFunction<String> question, LongFunction<String> action) {
        super(10);
        setId(prefix);
        getStyleClass().add("batch-bar");
        setAlignment(Pos.CENTER_LEFT);

        ProgressIndicator progress = new ProgressIndicator();
        progress.setPrefSize(16, 16);
        progress.visibleProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.COUNTING)
                .or(batch.stateProperty().isEqualTo(CountedBatch.State.SENDING)));
        progress.managedProperty().bind(progress.visibleProperty());

        Label text = new Label();
        text.setId(prefix + "-question");
        text.setWrapText(true);
        text.setMaxWidth(Double.MAX_VALUE);
        HBox.setHgrow(text, Priority.ALWAYS);
        text.textProperty().bind(Bindings.createStringBinding(() ->
                batch.stateProperty().get() == CountedBatch.State.AWAITING_CONFIRMATION
                        ? question.apply(batch.countProperty().get()) : batch.messageProperty().get(),
                batch.stateProperty(), batch.countProperty(), batch.messageProperty()));
        batch.stateProperty().subscribe(state -> {
            text.setGraphic(switch (state) {
                case AWAITING_CONFIRMATION -> new FontIcon(Feather.ALERT_TRIANGLE);
                case FAILED -> new FontIcon(Feather.X_CIRCLE);
                case DONE -> new FontIcon(Feather.CHECK_CIRCLE);
                default -> null;
            });
            text.pseudoClassStateChanged(Styles.STATE_DANGER, state == CountedBatch.State.FAILED);
        });

        Button confirm = new Button();
        confirm.setId(prefix + "-confirm");
        confirm.getStyleClass().add(Styles.DANGER);
        confirm.textProperty().bind(batch.countProperty().map(n -> action.apply(n.longValue())));
        // nothing to send: the question stays, but only Cancel is offered
        confirm.visibleProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.AWAITING_CONFIRMATION)
                .and(batch.countProperty().greaterThan(0)));
        confirm.managedProperty().bind(confirm.visibleProperty());
        confirm.setOnAction(event -> batch.confirm());

        Button cancel = new Button();
        cancel.setId(prefix + "-cancel");
        cancel.textProperty().bind(Bindings.createStringBinding(() ->
                batch.stateProperty().get() == CountedBatch.State.AWAITING_CONFIRMATION
                        || batch.stateProperty().get() == CountedBatch.State.COUNTING ? "Cancel" : "Dismiss",
                batch.stateProperty()));
        cancel.disableProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.SENDING));
        cancel.setOnAction(event -> batch.cancel());

        followUp.setId(prefix + "-followUp");
        followUp.visibleProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.DONE)
                .and(followUp.onActionProperty().isNotNull()));
        followUp.managedProperty().bind(followUp.visibleProperty());

        getChildren().addAll(progress, text, followUp, cancel, confirm);
        visibleProperty().bind(batch.stateProperty().isNotEqualTo(CountedBatch.State.IDLE));
        managedProperty().bind(visibleProperty());
    }

    /** Once the batch is done, a button named {@code text} offers {@code action} (e.g. "Show them"). */
    public BatchBar offerAfterwards(String text, Runnable action) {
        followUp.setText(text);
        followUp.setGraphic(new FontIcon(Feather.FILTER));
        followUp.setOnAction(event -> action.run());
        return this;
    }
}
