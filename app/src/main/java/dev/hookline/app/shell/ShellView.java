package dev.hookline.app.shell;

import atlantafx.base.theme.Styles;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * The window's layout: the sidebar with every view on the left, the selected content on the right.
 *
 * <p>The views are not built yet: whichever entry is selected, the content area shows the same panel under
 * the entry's title.
 */
public final class ShellView extends BorderPane {

    private final ObjectProperty<NavigationTarget> selected =
            new SimpleObjectProperty<>(this, "selected", NavigationTarget.DELIVERIES);
    private final Map<NavigationTarget, ToggleButton> entries = new EnumMap<>(NavigationTarget.class);

    public ShellView(Image logo, Node content) {
        getStyleClass().add("shell");
        getStylesheets().add(Objects.requireNonNull(
                ShellView.class.getResource("shell.css"), "shell.css").toExternalForm());
        setLeft(sidebar(logo));
        setCenter(contentArea(content));
        entries.get(selected.get()).setSelected(true);
    }

    public ObjectProperty<NavigationTarget> selectedProperty() {
        return selected;
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

    private VBox contentArea(Node content) {
        Label title = new Label();
        title.setId("contentTitle");
        title.getStyleClass().add(Styles.TITLE_2);
        title.textProperty().bind(selected.map(NavigationTarget::title));

        VBox area = new VBox(title, content);
        area.getStyleClass().add("content-area");
        area.setPadding(new Insets(20, 24, 20, 24));
        return area;
    }
}
