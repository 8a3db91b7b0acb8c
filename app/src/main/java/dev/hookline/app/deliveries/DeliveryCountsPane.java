package dev.hookline.app.deliveries;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.DeliveryStatusTotals;
import dev.hookline.api.model.DeliveryTimeSeries;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.table.StatusPill;
import java.text.NumberFormat;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.StackedBarChart;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * Above the deliveries table: one button per status with its total for the current filters and window (clicking
 * one filters by that status, clicking it again clears the status filter), and the deliveries over time, successes
 * and failures per hour or day. Binds to {@link DeliveryCounts}; when the server has no totals it says so and the
 * rest of the view works as before. The layout is {@code DeliveryCountsPane.fxml}.
 */
final class DeliveryCountsPane extends VBox {

    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter HOUR_OF_NEW_DAY = DateTimeFormatter.ofPattern("MMM d HH:mm", Locale.ROOT);
    /** At most this many time labels under the chart; the others are left blank so none overlap. */
    private static final int MAX_LABELS = 8;
    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMM d", Locale.ROOT);

    private final DeliveriesViewModel model;
    private final ZoneId zone;
    @FXML
    private FlowPane statusTotals;
    @FXML
    private Label countsMessage;
    @FXML
    private StackedBarChart<String, Number> deliveriesChart;

    DeliveryCountsPane(DeliveriesViewModel model, ZoneId zone) {
        this.model = model;
        this.zone = zone;
        Fxml.loadRoot(this);
    }

    @FXML
    private void initialize() {
        DeliveryCounts counts = model.counts();
        for (EventDeliveryStatus status : List.of(EventDeliveryStatus.SUCCESS, EventDeliveryStatus.FAILURE,
                EventDeliveryStatus.RETRY, EventDeliveryStatus.SCHEDULED, EventDeliveryStatus.PROCESSING,
                EventDeliveryStatus.DISCARDED)) {
            statusTotals.getChildren().add(totalButton(status, counts));
        }
        statusTotals.visibleProperty().bind(counts.totalsStateProperty()
                .isNotEqualTo(DeliveryCounts.State.UNAVAILABLE));
        statusTotals.managedProperty().bind(statusTotals.visibleProperty());

        countsMessage.textProperty().bind(counts.messageProperty());
        countsMessage.managedProperty().bind(countsMessage.textProperty().isNotEmpty());
        countsMessage.visibleProperty().bind(countsMessage.managedProperty());

        NumberAxis deliveries = (NumberAxis) deliveriesChart.getYAxis();
        deliveries.setTickLabelFormatter(new NumberAxis.DefaultFormatter(deliveries) {
            @Override
            public String toString(Number value) {
                // whole deliveries only: a 0.5 tick would read as half a delivery
                return value.doubleValue() == Math.rint(value.doubleValue())
                        ? NumberFormat.getIntegerInstance(Locale.ROOT).format(value.longValue()) : "";
            }
        });
        deliveriesChart.visibleProperty().bind(counts.seriesStateProperty()
                .isNotEqualTo(DeliveryCounts.State.UNAVAILABLE)
                .and(counts.seriesStateProperty().isNotEqualTo(DeliveryCounts.State.FAILED)));
        deliveriesChart.managedProperty().bind(deliveriesChart.visibleProperty());
        counts.seriesProperty().subscribe((java.util.function.Consumer<DeliveryTimeSeries>) this::chart);
    }

    private ToggleButton totalButton(EventDeliveryStatus status, DeliveryCounts counts) {
        StatusPill pill = new StatusPill(status.wire());
        Label number = new Label("–");
        number.getStyleClass().add("total-number");
        ToggleButton button = new ToggleButton(null, new HBox(6, pill, number));
        button.setId("total" + status.wire());
        button.getStyleClass().addAll("status-total", Styles.SMALL);
        button.setTooltip(new Tooltip("Show only " + status.wire() + " deliveries (click again for all)"));
        Runnable update = () -> {
            DeliveryStatusTotals answer = counts.totalsProperty().get();
            number.setText(answer == null ? "–" : NumberFormat.getIntegerInstance(Locale.ROOT)
                    .format(answer.count(status)));
            button.setSelected(model.statuses().contains(status));
        };
        counts.totalsProperty().subscribe(answer -> update.run());
        model.statuses().addListener((ListChangeListener<EventDeliveryStatus>) change -> update.run());
        // the model decides (one status, or none): the button's own toggling is put back to what the filter says
        button.setOnAction(event -> {
            model.toggleStatus(status);
            update.run();
        });
        return button;
    }

    /** Two series, Success and Failure, one category per bucket in the user's time zone. */
    private void chart(DeliveryTimeSeries answer) {
        deliveriesChart.getData().clear();
        if (answer == null) {
            return;
        }
        boolean daily = "day".equals(answer.bucket());
        XYChart.Series<String, Number> success = new XYChart.Series<>();
        success.setName("Success");
        XYChart.Series<String, Number> failure = new XYChart.Series<>();
        failure.setName("Failure");
        int count = answer.buckets().size();
        int step = Math.max(1, (count + MAX_LABELS - 1) / MAX_LABELS);
        List<String> when = new java.util.ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            DeliveryTimeSeries.Bucket bucket = answer.buckets().get(i);
            var local = bucket.start().atZone(zone);
            // an hour label names its day at the first bucket and at midnight
            boolean newDay = i == 0 || local.getHour() == 0;
            String label = (daily ? DAY : newDay ? HOUR_OF_NEW_DAY : HOUR).format(local);
            when.add(daily ? label : HOUR_OF_NEW_DAY.format(local));
            // categories must differ: every one ends in its own run of zero-width spaces, and only every
            // step-th shows its time, so the labels never overlap (a CategoryAxis cannot skip labels itself)
            String category = (i % step == 0 ? label : "") + "\u200B".repeat(i + 1);
            success.getData().add(new XYChart.Data<>(category, bucket.success()));
            failure.getData().add(new XYChart.Data<>(category, bucket.failure()));
        }
        deliveriesChart.getData().setAll(List.of(success, failure));
        for (int i = 0; i < count; i++) {
            DeliveryTimeSeries.Bucket bucket = answer.buckets().get(i);
            String tip = when.get(i) + ": " + bucket.success() + " succeeded, " + bucket.failure() + " failed";
            for (XYChart.Series<String, Number> series : List.of(success, failure)) {
                if (series.getData().get(i).getNode() != null) {
                    Tooltip.install(series.getData().get(i).getNode(), new Tooltip(tip));
                }
            }
        }
    }

    StackedBarChart<String, Number> chart() {
        return deliveriesChart;
    }
}
