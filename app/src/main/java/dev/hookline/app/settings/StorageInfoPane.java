package dev.hookline.app.settings;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * Settings' "Storage" section ({@link StorageInfoViewModel}): the data directory's size, the project's oldest kept
 * event, its retention policy, Refresh and Compact (gives reclaimable space back to the disk). Loads when it is shown. Binds only.
 */
public final class StorageInfoPane extends VBox {

    public StorageInfoPane(StorageInfoViewModel model) {
        super(8);
        setId("storageInfo");
        Label title = new Label("Storage");
        title.getStyleClass().add(Styles.TITLE_4);
        Label size = line("storageSize", model.sizeProperty().getValue());
        size.textProperty().bind(model.sizeProperty());
        Label oldest = line("storageOldestEvent", "");
        oldest.textProperty().bind(model.oldestProperty());
        Label retention = line("storageRetention", "");
        retention.textProperty().bind(model.retentionProperty());
        retention.getStyleClass().add(Styles.TEXT_MUTED);
        Label problem = line("storageProblem", "");
        problem.textProperty().bind(model.problemProperty());
        problem.getStyleClass().add(Styles.TEXT_MUTED);
        Button refresh = new Button("Refresh", new FontIcon(Feather.REFRESH_CW));
        refresh.setId("storageRefresh");
        refresh.disableProperty().bind(model.loadingProperty());
        refresh.setOnAction(event -> model.load());
        Button compact = new Button("Compact", new FontIcon(Feather.MINIMIZE_2));
        compact.setId("storageCompact");
        compact.disableProperty().bind(model.loadingProperty().or(model.compactingProperty()));
        compact.setOnAction(event -> model.compact());
        Label compacted = line("storageCompacted", "");
        compacted.textProperty().bind(model.compactedProperty());
        compacted.getStyleClass().add(Styles.TEXT_MUTED);
        getChildren().addAll(title, size, oldest, retention, problem, new javafx.scene.layout.HBox(8, refresh, compact),
                compacted);
        sceneProperty().addListener((o, before, now) -> {
            if (now != null) {
                model.load(); // shown (again): the figures change while the server runs
            }
        });
    }

    private static Label line(String id, String text) {
        Label label = new Label(text);
        label.setId(id);
        label.setWrapText(true);
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
        label.managedProperty().bind(label.visibleProperty());
        return label;
    }
}
