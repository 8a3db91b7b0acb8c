package dev.hookline.app.table;

import dev.hookline.app.fxml.Fxml;
import java.io.File;
import javafx.fxml.FXML;
import javafx.scene.control.MenuButton;
import javafx.stage.FileChooser;

/**
 * "Export" with CSV and JSON: asks for a file, then has the {@link TableExporter} write every row the list
 * matches into it, in the background. The layout is {@code ExportMenu.fxml}.
 */
public final class ExportMenu<T> extends MenuButton {

    private final String baseName;
    private final TableExporter<T> exporter;

    public ExportMenu(String baseName, TableExporter<T> exporter) {
        this.baseName = baseName;
        this.exporter = exporter;
        Fxml.loadRoot(this);
    }

    @FXML
    private void exportCsv() {
        choose(baseName + ".csv", "CSV", "*.csv").ifPresent(file ->
                exporter.start(file.toPath(), TableExporter.Format.CSV));
    }

    @FXML
    private void exportJson() {
        choose(baseName + ".json", "JSON", "*.json").ifPresent(file ->
                exporter.start(file.toPath(), TableExporter.Format.JSON));
    }

    private java.util.Optional<File> choose(String fileName, String kind, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export every matching row as " + kind);
        chooser.setInitialFileName(fileName);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        return java.util.Optional.ofNullable(chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow()));
    }
}
