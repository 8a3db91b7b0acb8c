package dev.hookline.app.table;

import dev.hookline.app.concurrent.Failures;
import java.io.File;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/**
 * "Export" with CSV and JSON: asks for a file, then writes the rows on screen with {@link TableExport}. The
 * writing is small (one page, at most the live tail's cap) and happens on the FX thread.
 */
public final class ExportMenu<T> extends MenuButton {

    public ExportMenu(String baseName, Supplier<List<T>> rows, List<ExportColumn<T>> columns,
                      Consumer<String> onResult) {
        this(baseName, rows, columns, onResult, false);
    }

    /** {@code jsonOfColumns}: JSON holds the {@code columns} only, not the rows' whole wire records. */
    public ExportMenu(String baseName, Supplier<List<T>> rows, List<ExportColumn<T>> columns,
                      Consumer<String> onResult, boolean jsonOfColumns) {
        super("Export", new FontIcon(Feather.DOWNLOAD));
        setId("exportMenu");
        MenuItem csv = new MenuItem("CSV…");
        csv.setId("exportCsv");
        csv.setOnAction(event -> choose(baseName + ".csv", "CSV", "*.csv").ifPresent(file ->
                write(file, out -> TableExport.writeCsv(rows.get(), columns, out), onResult)));
        MenuItem json = new MenuItem("JSON…");
        json.setId("exportJson");
        json.setOnAction(event -> choose(baseName + ".json", "JSON", "*.json").ifPresent(file ->
                write(file, out -> {
                    if (jsonOfColumns) {
                        TableExport.writeJson(rows.get(), columns, out);
                    } else {
                        TableExport.writeJson(rows.get(), out);
                    }
                }, onResult)));
        getItems().addAll(csv, json);
    }

    private java.util.Optional<File> choose(String fileName, String kind, String pattern) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Export rows as " + kind);
        chooser.setInitialFileName(fileName);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(kind, pattern));
        return java.util.Optional.ofNullable(chooser.showSaveDialog(getScene() == null ? null : getScene().getWindow()));
    }

    private interface Body {
        void write(Writer out) throws IOException;
    }

    private static void write(File file, Body body, Consumer<String> onResult) {
        try (Writer out = Files.newBufferedWriter(file.toPath(), StandardCharsets.UTF_8)) {
            body.write(out);
            onResult.accept("Exported to " + file);
        } catch (IOException | RuntimeException e) {
            onResult.accept("Export failed: " + Failures.describe(e));
        }
    }
}
