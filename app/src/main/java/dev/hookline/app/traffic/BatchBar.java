package dev.hookline.app.traffic;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import java.util.Objects;
import java.util.function.LongFunction;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The inline strip of a {@link CountedBatch}: "Counting…", then the question with the count and a button named
 * after the action ("Retry 12 deliveries"), then the server's answer. Hidden while the batch is idle. The layout is
 * {@code BatchBar.fxml}; a view declares the bar in its own FXML ({@code <BatchBar fx:id="batchRetryBar"/>}) and
 * {@linkplain #bind binds} it to its batch. Node ids start with the bar's id: {@code -question}, {@code -confirm},
 * {@code -cancel}, {@code -followUp}.
 */
public final class BatchBar extends HBox {

    private CountedBatch batch;
    @FXML
    private ProgressIndicator progress;
    @FXML
    private Label question;
    @FXML
    private Button followUp;
    @FXML
    private Button cancel;
    @FXML
    private Button confirm;

    public BatchBar() {
        Fxml.loadRoot(this);
    }

    /**
     * Follows {@code batch}; the bar's id (set before) names its nodes.
     *
     * @param questionText the question for a count, e.g. {@code n -> "Retry the " + n + " failed deliveries ...?"}
     * @param action       the confirm button's text for a count, e.g. {@code n -> "Retry " + n + " deliveries"}
     */
    public BatchBar bind(CountedBatch batch, LongFunction<String> questionText, LongFunction<String> action) {
        this.batch = batch;
        String prefix = Objects.requireNonNull(getId(), "a batch bar names its nodes after its id: set it first");
        question.setId(prefix + "-question");
        confirm.setId(prefix + "-confirm");
        cancel.setId(prefix + "-cancel");
        followUp.setId(prefix + "-followUp");

        progress.visibleProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.COUNTING)
                .or(batch.stateProperty().isEqualTo(CountedBatch.State.SENDING)));
        progress.managedProperty().bind(progress.visibleProperty());

        question.textProperty().bind(Bindings.createStringBinding(() ->
                batch.stateProperty().get() == CountedBatch.State.AWAITING_CONFIRMATION
                        ? questionText.apply(batch.countProperty().get()) : batch.messageProperty().get(),
                batch.stateProperty(), batch.countProperty(), batch.messageProperty()));
        batch.stateProperty().subscribe(state -> {
            question.setGraphic(switch (state) {
                case AWAITING_CONFIRMATION -> new FontIcon(Feather.ALERT_TRIANGLE);
                case FAILED -> new FontIcon(Feather.X_CIRCLE);
                case DONE -> new FontIcon(Feather.CHECK_CIRCLE);
                default -> null;
            });
            question.pseudoClassStateChanged(Styles.STATE_DANGER, state == CountedBatch.State.FAILED);
        });

        confirm.textProperty().bind(batch.countProperty().map(n -> action.apply(n.longValue())));
        // nothing to send: the question stays, but only Cancel is offered
        confirm.visibleProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.AWAITING_CONFIRMATION)
                .and(batch.countProperty().greaterThan(0)));
        confirm.managedProperty().bind(confirm.visibleProperty());

        cancel.textProperty().bind(Bindings.createStringBinding(() ->
                batch.stateProperty().get() == CountedBatch.State.AWAITING_CONFIRMATION
                        || batch.stateProperty().get() == CountedBatch.State.COUNTING ? "Cancel" : "Dismiss",
                batch.stateProperty()));
        cancel.disableProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.SENDING));

        followUp.visibleProperty().bind(batch.stateProperty().isEqualTo(CountedBatch.State.DONE)
                .and(followUp.onActionProperty().isNotNull()));
        followUp.managedProperty().bind(followUp.visibleProperty());

        visibleProperty().bind(batch.stateProperty().isNotEqualTo(CountedBatch.State.IDLE));
        managedProperty().bind(visibleProperty());
        return this;
    }

    /** Once the batch is done, a button named {@code text} offers {@code action} (e.g. "Show them"). */
    public BatchBar offerAfterwards(String text, Runnable action) {
        followUp.setText(text);
        followUp.setOnAction(event -> action.run());
        return this;
    }

    @FXML
    private void confirmBatch() {
        batch.confirm();
    }

    @FXML
    private void cancelBatch() {
        batch.cancel();
    }
}
