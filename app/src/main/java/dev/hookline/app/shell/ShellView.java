package dev.hookline.app.shell;

import atlantafx.base.theme.Styles;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.console.NavigationTarget;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.ComboBoxBase;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.TextInputControl;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's layout and its routing: the sidebar with every view on the left, a top bar (connection and project
 * switchers, theme), the unreachable-server banner, and the selected {@link ConsoleView} below its title.
 *
 * <p>Views are created on first selection through {@link ConsoleViews} and kept. Before the session has a client
 * (embedded server still starting) the content area shows {@code waiting} instead. Ctrl+F, Ctrl+R and Enter go to
 * the view on screen; Up/Down move through the sidebar.
 */
public final class ShellView extends BorderPane {

    public static final KeyCombination FOCUS_FILTER = new KeyCodeCombination(KeyCode.F, KeyCombination.SHORTCUT_DOWN);
    public static final KeyCombination REFRESH = new KeyCodeCombination(KeyCode.R, KeyCombination.SHORTCUT_DOWN);
    /** How often the shell checks that the server still answers (the banner comes and goes by itself). */
    public static final javafx.util.Duration HEARTBEAT = javafx.util.Duration.seconds(5);

    private final ObjectProperty<NavigationTarget> selected =
            new SimpleObjectProperty<>(this, "selected", NavigationTarget.DELIVERIES);
    private final Map<NavigationTarget, ToggleButton> entries = new EnumMap<>(NavigationTarget.class);
    private final Map<NavigationTarget, ConsoleView> views = new EnumMap<>(NavigationTarget.class);
    private final ConsoleSession session;
    private final ConsoleViews factories;
    private final Node waiting;
    private final StackPane content = new StackPane();
    private final HBox topBarItems = new HBox(8);
    private ConsoleView current;
    private final javafx.animation.Timeline heartbeat;

    public ShellView(Image logo, ConsoleSession session, ConsoleViews factories, Node waiting) {
        this.session = Objects.requireNonNull(session, "session");
        this.factories = Objects.requireNonNull(factories, "factories");
        this.waiting = Objects.requireNonNull(waiting, "waiting");
        getStyleClass().add("shell");
        getStylesheets().add(Objects.requireNonNull(
                ShellView.class.getResource("shell.css"), "shell.css").toExternalForm());
        // status pills, ID cells and JSON views also appear outside tables (detail panes)
        getStylesheets().add(Objects.requireNonNull(dev.hookline.app.table.PagedTableView.class.getResource(
                "table.css"), "table.css").toExternalForm());
        setLeft(sidebar(logo));
        setCenter(main());
        entries.get(selected.get()).setSelected(true);

        selected.subscribe(this::show);
        // the first client arrives when the embedded server is up: swap the waiting panel for the view
        session.clientProperty().subscribe((before, now) -> {
            if (before == null && now != null) {
                show(selected.get());
            }
        });
        // the server is back: what is on screen may be stale
        session.connectionProblemProperty().subscribe((before, now) -> {
            if (before != null && now == null && current != null) {
                current.refresh();
            }
        });
        sceneProperty().subscribe(this::installShortcuts);
        // a view's "show related rows" (e.g. an event's deliveries): switch, then narrow the target view
        session.onNavigate(navigation -> {
            selected.set(navigation.target());
            if (current != null) {
                current.applyFilter(navigation.filter());
            }
        });
        heartbeat = new javafx.animation.Timeline(
                new javafx.animation.KeyFrame(HEARTBEAT, event -> session.checkConnection()));
        heartbeat.setCycleCount(javafx.animation.Animation.INDEFINITE);
        heartbeat.play();
    }

    /** Stops the shell's timers (application shutdown). */
    public void dispose() {
        heartbeat.stop();
    }

    public ObjectProperty<NavigationTarget> selectedProperty() {
        return selected;
    }

    /** The right-hand side of the top bar, where the application puts its switchers and toggles. */
    public HBox topBarItems() {
        return topBarItems;
    }

    /** The view on screen, or {@code null} while waiting for the first connection. */
    public ConsoleView currentView() {
        return current;
    }

    private void show(NavigationTarget target) {
        if (session.client() == null) {
            current = null;
            content.getChildren().setAll(waiting);
            return;
        }
        ConsoleView view = views.computeIfAbsent(target, t -> factories.factory(t).apply(session));
        current = view;
        content.getChildren().setAll(view.node());
        view.onShown();
    }

    private void installShortcuts(Scene scene) {
        if (scene == null) {
            return;
        }
        scene.getAccelerators().put(FOCUS_FILTER, () -> {
            if (current != null) {
                current.focusFilter();
            }
        });
        scene.getAccelerators().put(REFRESH, () -> {
            session.checkConnection();
            if (current != null) {
                current.refresh();
            }
        });
    }

    private VBox main() {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        topBarItems.setAlignment(Pos.CENTER_RIGHT);
        HBox topBar = new HBox(8, spacer, topBarItems);
        topBar.getStyleClass().add("top-bar");
        topBar.setAlignment(Pos.CENTER_LEFT);
        topBar.setPadding(new Insets(8, 24, 8, 24));

        Label title = new Label();
        title.setId("contentTitle");
        title.getStyleClass().add(Styles.TITLE_2);
        title.textProperty().bind(selected.map(NavigationTarget::title));

        VBox.setVgrow(content, Priority.ALWAYS);
        content.setAlignment(Pos.TOP_LEFT);
        VBox area = new VBox(12, title, content);
        area.getStyleClass().add("content-area");
        area.setPadding(new Insets(16, 24, 20, 24));
        VBox.setVgrow(area, Priority.ALWAYS);
        // Enter opens the selected row, unless a text field, button or combo box wants the key itself; a filter,
        // because a table would take the key for itself (start editing) before it bubbles up here
        area.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER && current != null && !(event.getTarget() instanceof TextInputControl
                    || event.getTarget() instanceof ButtonBase || event.getTarget() instanceof ComboBoxBase<?>)) {
                current.openSelected();
                event.consume();
            }
        });

        return new VBox(topBar, banner(), storageBanner(), area);
    }

    private HBox banner() {
        Label message = new Label();
        message.setId("connectionBanner");
        message.setWrapText(true);
        message.textProperty().bind(session.connectionProblemProperty().map(problem -> "Server unreachable: " + problem));
        message.setGraphic(new FontIcon(Feather.WIFI_OFF));
        message.setGraphicTextGap(8);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);

        Button retry = new Button("Retry", new FontIcon(Feather.REFRESH_CW));
        retry.setId("retryConnection");
        retry.setMinWidth(Region.USE_PREF_SIZE);
        retry.disableProperty().bind(session.retryingProperty());
        retry.setOnAction(event -> session.retryConnection());

        HBox banner = new HBox(12, message, retry);
        banner.getStyleClass().add("connection-banner");
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.setPadding(new Insets(8, 24, 8, 24));
        banner.visibleProperty().bind(session.connectionProblemProperty().isNotNull());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    /** The server's storage cannot take writes (disk full, database not writable), from its health. */
    private HBox storageBanner() {
        Label message = new Label();
        message.setId("storageBanner");
        message.setWrapText(true);
        message.textProperty().bind(session.storageProblemProperty());
        message.setMinHeight(Region.USE_PREF_SIZE); // wrap onto a second line rather than cut the sentence
        message.setGraphic(new FontIcon(Feather.HARD_DRIVE));
        message.setGraphicTextGap(8);
        HBox.setHgrow(message, Priority.ALWAYS);
        message.setMaxWidth(Double.MAX_VALUE);
        HBox banner = new HBox(12, message);
        banner.getStyleClass().add("connection-banner"); // the same look as the unreachable-server banner
        banner.setAlignment(Pos.CENTER_LEFT);
        banner.setPadding(new Insets(8, 24, 8, 24));
        banner.visibleProperty().bind(session.storageProblemProperty().isNotNull());
        banner.managedProperty().bind(banner.visibleProperty());
        return banner;
    }

    private VBox sidebar(Image logo) {
        ImageView logoView = new ImageView(logo);
        logoView.setFitWidth(28);
        logoView.setFitHeight(28);
        logoView.setSmooth(true);
        Label brand = new Label("Hookline", logoView);
        brand.getStyleClass().addAll("brand", Styles.TITLE_4);

        VBox sidebar = new VBox(2, brand);
        sidebar.getStyleClass().add("sidebar");
        sidebar.setPadding(new Insets(12, 8, 12, 8));
        sidebar.setPrefWidth(210);
        sidebar.setMinWidth(Region.USE_PREF_SIZE);

        ToggleGroup toggles = new ToggleGroup();
        NavigationTarget.Group previousGroup = null;
        for (NavigationTarget target : NavigationTarget.values()) {
            if (previousGroup != null && previousGroup != target.group()) {
                sidebar.getChildren().add(new Separator());
            }
            previousGroup = target.group();
            sidebar.getChildren().add(entry(target, toggles));
        }
        // a selected entry stays selected: clicking it again must not leave the sidebar without a selection
        toggles.selectedToggleProperty().addListener((observable, previous, now) -> {
            if (now == null) {
                previous.setSelected(true);
            } else {
                selected.set((NavigationTarget) now.getUserData());
            }
        });
        selected.subscribe(target -> entries.get(target).setSelected(true));
        // Up/Down walk the sidebar and show the entry at once, like a list
        sidebar.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            int step = event.getCode() == KeyCode.DOWN ? 1 : event.getCode() == KeyCode.UP ? -1 : 0;
            if (step != 0) {
                NavigationTarget[] all = NavigationTarget.values();
                int next = Math.floorMod(selected.get().ordinal() + step, all.length);
                selected.set(all[next]);
                entries.get(all[next]).requestFocus();
                event.consume();
            }
        });
        return sidebar;
    }

    private ToggleButton entry(NavigationTarget target, ToggleGroup toggles) {
        ToggleButton entry = new ToggleButton(target.title(), new FontIcon(target.icon()));
        entry.setId(target.nodeId());
        entry.setUserData(target);
        entry.setToggleGroup(toggles);
        entry.getStyleClass().addAll("nav-entry", Styles.FLAT);
        entry.setAlignment(Pos.CENTER_LEFT);
        entry.setGraphicTextGap(10);
        entry.setMaxWidth(Double.MAX_VALUE);
        entries.put(target, entry);
        return entry;
    }
}
