package dev.hookline.app.shell;

import atlantafx.base.theme.Styles;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.fxml.Fxml;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.fxml.FXML;
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
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's layout and its routing: the sidebar with every view on the left, a top bar (connection and project
 * switchers, theme), the unreachable-server banner, and the selected {@link ConsoleView} below its title.
 *
 * <p>Views are created on first selection through {@link ConsoleViews} and kept. Before the session has a client
 * (embedded server still starting) the content area shows {@code waiting} instead. Ctrl+F, Ctrl+R and Enter go to
 * the view on screen; Up/Down move through the sidebar.
 *
 * <p>The layout is {@code ShellView.fxml}; the sidebar's entries (one per {@link NavigationTarget}) are added here.
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
    private final Image logo;
    private final ConsoleSession session;
    private final ConsoleViews factories;
    private final Node waiting;
    private final Timeline heartbeat;
    @FXML
    private VBox sidebar;
    @FXML
    private ImageView logoView;
    @FXML
    private HBox topBarItems;
    @FXML
    private HBox unreachableBar;
    @FXML
    private Label connectionBanner;
    @FXML
    private Button retryConnection;
    @FXML
    private HBox storageBar;
    @FXML
    private Label storageBanner;
    @FXML
    private VBox contentArea;
    @FXML
    private Label contentTitle;
    @FXML
    private StackPane viewSlot;
    private ConsoleView current;

    public ShellView(Image logo, ConsoleSession session, ConsoleViews factories, Node waiting) {
        this.logo = logo;
        this.session = Objects.requireNonNull(session, "session");
        this.factories = Objects.requireNonNull(factories, "factories");
        this.waiting = Objects.requireNonNull(waiting, "waiting");
        heartbeat = new Timeline(new KeyFrame(HEARTBEAT, event -> session.checkConnection()));
        heartbeat.setCycleCount(Animation.INDEFINITE);
        Fxml.loadRoot(this);
        heartbeat.play();
    }

    @FXML
    private void initialize() {
        logoView.setImage(logo);
        sidebarEntries();
        contentTitle.textProperty().bind(selected.map(NavigationTarget::title));
        banners();
        // Enter opens the selected row, unless a text field, button or combo box wants the key itself; a filter,
        // because a table would take the key for itself (start editing) before it bubbles up here
        contentArea.addEventFilter(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ENTER && current != null && !(event.getTarget() instanceof TextInputControl
                    || event.getTarget() instanceof ButtonBase || event.getTarget() instanceof ComboBoxBase<?>)) {
                current.openSelected();
                event.consume();
            }
        });

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
            viewSlot.getChildren().setAll(waiting);
            return;
        }
        ConsoleView view = views.computeIfAbsent(target, t -> factories.factory(t).apply(session));
        current = view;
        viewSlot.getChildren().setAll(view.node());
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

    /** The unreachable-server banner and the storage banner (the server cannot take writes): each shows its problem. */
    private void banners() {
        connectionBanner.textProperty().bind(
                session.connectionProblemProperty().map(problem -> "Server unreachable: " + problem));
        retryConnection.disableProperty().bind(session.retryingProperty());
        unreachableBar.visibleProperty().bind(session.connectionProblemProperty().isNotNull());
        unreachableBar.managedProperty().bind(unreachableBar.visibleProperty());
        storageBanner.textProperty().bind(session.storageProblemProperty());
        storageBar.visibleProperty().bind(session.storageProblemProperty().isNotNull());
        storageBar.managedProperty().bind(storageBar.visibleProperty());
    }

    @FXML
    private void retry() {
        session.retryConnection();
    }

    /** One entry per view, a line between groups (they come from {@link NavigationTarget}, so from code). */
    private void sidebarEntries() {
        ToggleGroup toggles = new ToggleGroup();
        NavigationTarget.Group previousGroup = null;
        for (NavigationTarget target : NavigationTarget.values()) {
            if (previousGroup != null && previousGroup != target.group()) {
                sidebar.getChildren().add(new Separator());
            }
            previousGroup = target.group();
            sidebar.getChildren().add(entry(target, toggles));
        }
        entries.get(selected.get()).setSelected(true);
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
