package dev.hookline.app.capture;

import atlantafx.base.theme.Styles;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.form.ConfirmBar;
import dev.hookline.app.form.CopyButton;
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
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
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
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;
import javafx.util.StringConverter;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Capture bins: a receiver for a developer who has none yet. "New capture endpoint" makes a bin on the embedded
 * server and an endpoint delivering to it; every request the bin gets shows up here within a second (headers, body,
 * and whether its signature matches the endpoint's secret). The bin answers the status picked here, now or after
 * a delay, to try retries and timeouts.
 */
public final class CaptureView implements ConsoleView {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSS")
            .withZone(ZoneId.systemDefault());

    private final CaptureViewModel model;
    private final BorderPane root = new BorderPane();
    private final ListView<CaptureBin> binList = new ListView<>();
    private final TableView<CapturedRequest> requestTable = new TableView<>();
    private final TextField name = new TextField();
    private final TextField url = new TextField();
    private final ComboBox<Integer> status = new ComboBox<>();
    private final ComboBox<Long> delay = new ComboBox<>();
    private final Label signature = new Label();
    private final StatusPill signaturePill = new StatusPill();
    private final TextArea headers = new TextArea();
    private final TextArea body = new TextArea();
    private final ConfirmBar confirm = new ConfirmBar();
    private final Timeline poller;
    private boolean showingAnswer;

    public CaptureView(ConsoleSession session) {
        model = new CaptureViewModel(session);
        root.setId("capture-view");
        // the status pills (the shell loads it too; a view shown on its own still draws them)
        root.getStylesheets().add(java.util.Objects.requireNonNull(dev.hookline.app.table.PagedTableView.class
                .getResource("table.css"), "table.css").toExternalForm());
        root.setTop(header());
        SplitPane split = new SplitPane(bins(), requests());
        split.setDividerPositions(0.24);
        Label unavailable = new Label("Capture bins are served by Hookline's own server. The server this console is "
                + "connected to does not have them: connect to the embedded server (or a headless Hookline) to use "
                + "them.");
        unavailable.setId("capture-unavailable");
        unavailable.setWrapText(true);
        unavailable.setPadding(new Insets(24));
        root.centerProperty().bind(Bindings.when(model.unavailableProperty()).<Node>then(unavailable)
                .otherwise(split));
        poller = new Timeline(new KeyFrame(Duration.seconds(1), event -> {
            if (root.getScene() != null && root.getScene().getWindow() != null
                    && root.getScene().getWindow().isShowing()) {
                model.poll();
            }
        }));
        poller.setCycleCount(Animation.INDEFINITE);
        poller.play();
        session.clientProperty().addListener((o, before, now) -> model.reload());
        model.reload();
    }

    /** The view model (for tests). */
    public CaptureViewModel viewModel() {
        return model;
    }

    private Node header() {
        Label help = new Label("No receiver yet? A capture endpoint delivers to a bin on the embedded server that "
                + "records every request: headers, body, and whether the signature matches the endpoint's secret. "
                + "Pick what the bin answers to try retries and timeouts.");
        help.setWrapText(true);
        help.getStyleClass().add(Styles.TEXT_MUTED);
        name.setId("capture-name");
        name.setPromptText("Name (optional)");
        name.setPrefColumnCount(18);
        Button create = new Button("New capture endpoint", new FontIcon(Feather.PLUS));
        create.setId("capture-new");
        create.getStyleClass().add(Styles.ACCENT);
        create.setMinWidth(Region.USE_PREF_SIZE);
        create.disableProperty().bind(model.busyProperty().or(model.unavailableProperty()));
        create.setOnAction(event -> {
            model.createCaptureEndpoint(name.getText());
            name.clear();
        });
        name.setOnAction(event -> create.fire());
        Label message = new Label();
        message.setId("capture-message");
        message.textProperty().bind(model.messageProperty());
        message.setWrapText(true);
        message.managedProperty().bind(message.textProperty().isNotEmpty());
        name.setMinWidth(Region.USE_PREF_SIZE);
        HBox actions = new HBox(8, name, create);
        actions.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        VBox top = new VBox(6, help, actions, message, confirm);
        top.setPadding(new Insets(12, 12, 8, 12));
        return top;
    }

    private Node bins() {
        binList.setId("capture-bins");
        binList.setMinWidth(190);
        SplitPane.setResizableWithParent(binList, false);
        binList.setItems(model.bins());
        binList.setPlaceholder(new Label("No bins yet"));
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
        return binList;
    }

    private Node requests() {
        url.setId("capture-url");
        url.setEditable(false);
        url.setPrefColumnCount(20);
        HBox.setHgrow(url, Priority.ALWAYS);
        Button copy = CopyButton.of("capture-copy-url", "Copy the bin's URL", url::getText);

        status.setId("capture-status");
        status.getItems().setAll(CaptureViewModel.STATUSES);
        status.setEditable(false);
        delay.setId("capture-delay");
        delay.setPrefWidth(200);
        status.setMinWidth(Region.USE_PREF_SIZE);
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

        Button clear = new Button("Clear", new FontIcon(Feather.TRASH));
        clear.setId("capture-clear");
        clear.setOnAction(event -> model.clearRequests());
        Button delete = new Button("Delete bin", new FontIcon(Feather.X_CIRCLE));
        delete.setId("capture-delete");
        delete.getStyleClass().add(Styles.DANGER);
        delete.setOnAction(event -> {
            CaptureBin bin = model.selectedProperty().get();
            if (bin != null) {
                confirm.ask("Delete bin \"" + bin.name() + "\"? Endpoints pointing at it will get 404 answers.",
                        "Delete bin", model::deleteSelected);
            }
        });
        var noBin = model.selectedProperty().isNull().or(model.busyProperty());
        for (Node node : List.of(copy, status, delay, clear, delete)) {
            node.disableProperty().bind(noBin);
        }
        Label answers = new Label("Answers");
        for (Region fixed : List.<Region>of(answers, clear, delete)) {
            fixed.setMinWidth(Region.USE_PREF_SIZE); // the URL field gives way, not the buttons
        }
        url.setMinWidth(120);
        delay.setMinWidth(140);
        HBox binBar = new HBox(8, url, copy, answers, status, delay, clear, delete);
        binBar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        requestTable.setId("capture-requests");
        requestTable.setItems(model.requests());
        requestTable.setPlaceholder(new Label("Nothing received yet. Send an event to the capture endpoint, "
                + "or POST to the URL above."));
        requestTable.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        requestTable.getColumns().add(column("#", r -> Long.toString(r.seq()), 50));
        requestTable.getColumns().add(column("Received", r -> TIME.format(r.receivedAt()), 110));
        requestTable.getColumns().add(column("Method", CapturedRequest::method, 70));
        requestTable.getColumns().add(column("Size", r -> r.bodySize() + " B", 80));
        TableColumn<CapturedRequest, String> sig = column("Signature", CaptureView::signatureText, 110);
        sig.setCellFactory(StatusPill.forTableColumn(text -> text));
        requestTable.getColumns().add(sig);
        requestTable.getColumns().add(column("Answered", r -> Integer.toString(r.responseStatus()), 80));
        requestTable.getColumns().add(column("Content type", r -> first(r.headers(), "Content-Type"), 160));
        requestTable.getSelectionModel().selectedItemProperty().addListener((o, before, now) -> showRequest(now));

        signature.setId("capture-signature");
        signature.setWrapText(true);
        signaturePill.setId("capture-signature-status");
        signaturePill.setVisible(false);
        signaturePill.managedProperty().bind(signaturePill.visibleProperty());
        headers.setId("capture-headers");
        body.setId("capture-body");
        for (TextArea area : List.of(headers, body)) {
            area.setEditable(false);
            area.setWrapText(false);
            area.setStyle("-fx-font-family: monospace;");
        }
        HBox signatureRow = new HBox(8, signaturePill, signature);
        signatureRow.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        Label headersTitle = new Label("Headers");
        Label bodyTitle = new Label("Body");
        headersTitle.getStyleClass().add(Styles.TEXT_BOLD);
        bodyTitle.getStyleClass().add(Styles.TEXT_BOLD);
        VBox.setVgrow(body, Priority.ALWAYS);
        VBox detail = new VBox(6, signatureRow, headersTitle, headers, bodyTitle, body);
        detail.setPadding(new Insets(8, 0, 0, 0));
        headers.setPrefRowCount(8);

        SplitPane tableAndDetail = new SplitPane(requestTable, detail);
        tableAndDetail.setOrientation(Orientation.VERTICAL);
        tableAndDetail.setDividerPositions(0.45);
        VBox.setVgrow(tableAndDetail, Priority.ALWAYS);
        VBox box = new VBox(8, binBar, tableAndDetail);
        box.setPadding(new Insets(0, 12, 12, 8));
        return box;
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

    private static TableColumn<CapturedRequest, String> column(String title, Function<CapturedRequest, String> value,
                                                               double width) {
        TableColumn<CapturedRequest, String> column = new TableColumn<>(title);
        column.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        column.setPrefWidth(width);
        return column;
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
