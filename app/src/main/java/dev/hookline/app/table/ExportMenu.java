package dev.hookline.app.table;

import java.io.File;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * "Export" with CSV and JSON: asks for a file, then has the {@link TableExporter} write every row the list
 * matches into it, in the background.
 */
public final class ExportMenu<T> extends MenuButton {

    public ExportMenu(String baseName, TableExporter<T> exporter) {
        super("Export", new FontIcon(Feather.DOWNLOAD));
        setId("exportMenu");
        MenuItem csv = new MenuItem("CSV…");
        csv.setId("exportCsv");
        csv.setOnAction(event -> choose(baseName + ".csv", "CSV", "*.csv").ifPresent(file ->
                exporter.start(file.toPath(), TableExporter.Format.CSV)));
        MenuItem json = new MenuItem("JSON…");
        json.setId("exportJson");
        json.setOnAction(event -> choose(baseName + ".json", "JSON", "*.json").ifPresent(file ->
                exporter.start(file.toPath(), TableExporter.Format.JSON)));
        getItems().addAll(csv, json);
    }

    private java.util.Optional<File> choose(String fileName, String kind, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export every matching row as " + kind);
        chooser.setInitialFileName(fileName);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        return java.util.Optional.ofNullable(chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow()));
    }
}
