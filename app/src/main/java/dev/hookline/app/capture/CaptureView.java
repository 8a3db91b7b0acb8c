package dev.hookline.app.capture;

import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.form.ConfirmBar;
import dev.hookline.app.form.CopyButton;
import dev.hookline.app.fxml.Fxml;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.table.StatusPill;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.fxml.FXML;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.util.Duration;
import javafx.util.StringConverter;

/**
 * Capture bins: a receiver for a developer who has none yet. "New capture endpoint" makes a bin on the embedded
 * server and an endpoint delivering to it; every request the bin gets shows up here within a second (headers, body,
 * and whether its signature matches the endpoint's secret). The bin answers the status picked here, now or after
 * a delay, to try retries and timeouts. The layout is {@code CaptureView.fxml}; this class binds it to the
 * {@link CaptureViewModel}.
 */
public final class CaptureView implements ConsoleView {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault());

    private final CaptureViewModel model;
    private final Timeline poller;
    @FXML
    private BorderPane root;
    @FXML
    private TextField name;
    @FXML
    private Button createEndpoint;
    @FXML
    private Label message;
    @FXML
    private ConfirmBar confirm;
    @FXML
    private SplitPane split;
    @FXML
    private Label unavailable;
    @FXML
    private ListView<CaptureBin> binList;
    @FXML
    private HBox binBar;
    @FXML
    private TextField url;
    @FXML
    private ComboBox<Integer> status;
    @FXML
    private ComboBox<Long> delay;
    @FXML
    private Button clearBin;
    @FXML
    private Button deleteBin;
    @FXML
    private TableView<CapturedRequest> requestTable;
    @FXML
    private TableColumn<CapturedRequest, String> seqColumn;
    @FXML
    private TableColumn<CapturedRequest, String> receivedColumn;
    @FXML
    private TableColumn<CapturedRequest, String> methodColumn;
    @FXML
    private TableColumn<CapturedRequest, String> sizeColumn;
    @FXML
    private TableColumn<CapturedRequest, String> signatureColumn;
    @FXML
    private TableColumn<CapturedRequest, String> answeredColumn;
    @FXML
    private TableColumn<CapturedRequest, String> contentTypeColumn;
    @FXML
    private StatusPill signaturePill;
    @FXML
    private Label signature;
    @FXML
    private TextArea headers;
    @FXML
    private TextArea body;
    private boolean showingAnswer;

    public CaptureView(ConsoleSession session) {
        model = new CaptureViewModel(session);
        poller = new Timeline(new KeyFrame(Duration.seconds(1), event -> {
            if (root.getScene() != null && root.getScene().getWindow() != null
                    && root.getScene().getWindow().isShowing()) {
                model.poll();
            }
        }));
        poller.setCycleCount(Animation.INDEFINITE);
        Fxml.load(this);
        poller.play();
        session.clientProperty().addListener((o, before, now) -> model.reload());
        model.reload();
    }

    @FXML
    private void initialize() {
        // a server without capture bins (a remote Convoy) gets the reason instead of the bins
        root.centerProperty().bind(Bindings.when(model.unavailableProperty()).<Node>then(unavailable)
                .otherwise(split));
        createEndpoint.disableProperty().bind(model.busyProperty().or(model.unavailableProperty()));
        message.textProperty().bind(model.messageProperty());
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        bins();
        binBar();
        requests();
    }

    /** The view model (for tests). */
    public CaptureViewModel viewModel() {
        return model;
    }

    @FXML
    private void create() {
        model.createCaptureEndpoint(name.getText());
        name.clear();
    }

    /** Enter in the name field makes the endpoint, as the button would (not while it is disabled). */
    @FXML
    private void nameEntered() {
        createEndpoint.fire();
    }

    @FXML
    private void clearRequests() {
        model.clearRequests();
    }

    @FXML
    private void delete() {
        CaptureBin bin = model.selectedProperty().get();
        if (bin != null) {
            confirm.ask("Delete bin \"" + bin.name() + "\"? Endpoints pointing at it will get 404 answers.",
                    "Delete bin", model::deleteSelected);
        }
    }

    private void bins() {
        binList.setItems(model.bins());
        binList.setCellFactory(list -> new ListCell<>() {
            @Override
            protected void updateItem(CaptureBin bin, boolean empty) {
                super.updateItem(bin, empty);
                setText(empty || bin == null ? null : bin.name() + "\nanswers "
                        + CaptureViewModel.describe(bin.responseStatus(), bin.responseDelayMs()));
            }
        });
        binList.getSelectionModel().selectedItemProperty().addListener((o, before, now) -> {
            if (now != null) {
                model.selectedProperty().set(now);
            }
        });
        model.selectedProperty().addListener((o, before, now) -> showBin(now));
    }

    /** The selected bin's URL and answer, and what can be done with it; all disabled while no bin is picked. */
    private void binBar() {
        // CopyButton makes the button whole (a factory, not a class FXML can build): it goes right after the URL
        Button copy = CopyButton.of("capture-copy-url", "Copy the bin's URL", url::getText);
        binBar.getChildren().add(binBar.getChildren().indexOf(url) + 1, copy);
        status.getItems().setAll(CaptureViewModel.STATUSES);
        delay.getItems().setAll(CaptureViewModel.DELAYS);
        delay.setConverter(new StringConverter<>() {
            @Override
            public String toString(Long millis) {
                if (millis == null) {
                    return "";
                }
                return millis == 0 ? "at once" : "after " + CaptureViewModel.seconds(millis)
                        + (millis > 10_000 ? " (longer than a 10 s timeout)" : "");
            }

            @Override
            public Long fromString(String text) {
                return null;
            }
        });
        status.valueProperty().addListener((o, before, now) -> answerChanged());
        delay.valueProperty().addListener((o, before, now) -> answerChanged());
        var noBin = model.selectedProperty().isNull().or(model.busyProperty());
        for (Node node : List.of(copy, status, delay, clearBin, deleteBin)) {
            node.disableProperty().bind(noBin);
        }
    }

    private void requests() {
        requestTable.setItems(model.requests());
        show(seqColumn, r -> Long.toString(r.seq()));
        show(receivedColumn, r -> TIME.format(r.receivedAt()));
        show(methodColumn, CapturedRequest::method);
        show(sizeColumn, r -> r.bodySize() + " B");
        show(signatureColumn, CaptureView::signatureText);
        signatureColumn.setCellFactory(StatusPill.forTableColumn(text -> text));
        show(answeredColumn, r -> Integer.toString(r.responseStatus()));
        show(contentTypeColumn, r -> first(r.headers(), "Content-Type"));
        requestTable.getSelectionModel().selectedItemProperty().addListener((o, before, now) -> showRequest(now));
        signaturePill.managedProperty().bind(signaturePill.visibleProperty());
    }

    private void answerChanged() {
        if (!showingAnswer && status.getValue() != null && delay.getValue() != null) {
            model.setAnswer(status.getValue(), delay.getValue());
        }
    }

    private void showBin(CaptureBin bin) {
        showingAnswer = true;
        try {
            url.setText(bin == null ? "" : bin.url());
            status.setValue(bin == null ? null : bin.responseStatus());
            if (bin != null && !delay.getItems().contains(bin.responseDelayMs())) {
                delay.getItems().add(bin.responseDelayMs());
            }
            delay.setValue(bin == null ? null : bin.responseDelayMs());
            if (bin != null && binList.getSelectionModel().getSelectedItem() != bin) {
                binList.getSelectionModel().select(bin);
            }
        } finally {
            showingAnswer = false;
        }
        showRequest(null);
    }

    private void showRequest(CapturedRequest request) {
        if (request == null) {
            signaturePill.setStatus(null);
            signaturePill.setVisible(false);
            signature.setText(model.selectedProperty().get() == null ? "" : "Pick a request to see it.");
            headers.clear();
            body.clear();
            return;
        }
        signaturePill.setVisible(true);
        signaturePill.setStatus(signatureText(request));
        signature.setText(request.signature().header() + ": " + request.signature().detail());
        headers.setText(request.method() + " " + request.path()
                + (request.query() == null || request.query().isEmpty() ? "" : "?" + request.query()) + "\n"
                + request.headers().entrySet().stream()
                .flatMap(e -> e.getValue().stream().map(v -> e.getKey() + ": " + v))
                .collect(Collectors.joining("\n")));
        body.setText(request.body() != null ? JsonFormat.prettyText(request.body())
                : "(not UTF-8 text; base64)\n" + request.bodyBase64());
    }

    static String signatureText(CapturedRequest request) {
        return request.signature() == null ? "" : request.signature().status().wire().replace('_', ' ');
    }

    private static String first(Map<String, List<String>> headers, String name) {
        return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name))
                .flatMap(e -> e.getValue().stream()).findFirst().orElse("");
    }

    private static void show(TableColumn<CapturedRequest, String> column, Function<CapturedRequest, String> value) {
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void refresh() {
        model.reload();
    }

    @Override
    public void onShown() {
        model.reload();
    }

    @Override
    public void focusFilter() {
        name.requestFocus();
    }
}
