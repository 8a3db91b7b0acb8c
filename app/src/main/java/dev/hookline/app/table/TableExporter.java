package dev.hookline.app.table;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.hookline.api.Json;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.Failures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import javafx.application.Platform;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Writes every row a table's list matches to a file, not only the page on screen: the list's query is walked page
 * by page in the background and each page is written as it arrives (CSV of the columns, or a JSON array), with
 * progress and Cancel. A cancelled or failed export leaves no half-written file behind.
 */
public final class TableExporter<T> {

    /** What {@link #write} answers when a cancel stopped it and the partial file was removed. */
    private static final long CANCELLED = -1;

    /** Rows asked per page while exporting (the most Convoy serves). */
    static final int PAGE_SIZE = 100;

    /** What the file holds. */
    public enum Format { CSV, JSON }

    private final PagedListModel<T> model;
    private final BackgroundTasks tasks;
    private final List<ExportColumn<T>> columns;
    private final boolean jsonOfColumns;
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress", -1);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private LongSupplier expected = () -> -1;
    private AtomicBoolean cancelled = new AtomicBoolean();

    /**
     * @param jsonOfColumns JSON holds the {@code columns} only (tables whose wire records hold secrets), not the
     *                      rows' whole wire records
     */
    public TableExporter(PagedListModel<T> model, BackgroundTasks tasks, List<ExportColumn<T>> columns,
                         boolean jsonOfColumns) {
        this.model = Objects.requireNonNull(model, "model");
        this.tasks = Objects.requireNonNull(tasks, "tasks");
        this.columns = List.copyOf(columns);
        this.jsonOfColumns = jsonOfColumns;
    }

    /** How many rows the export will write, when the view knows (-1: unknown, the bar then just moves). */
    public void setExpected(LongSupplier expected) {
        this.expected = Objects.requireNonNull(expected, "expected");
    }

    /** Starts writing every matching row to {@code file}; does nothing while an export runs. */
    public void start(Path file, Format format) {
        if (running.get()) {
            return;
        }
        PagedListModel.AllRows<T> rows = model.allRows(PAGE_SIZE);
        if (rows == null) {
            message.set("Export needs a connection.");
            return;
        }
        AtomicBoolean stop = new AtomicBoolean();
        cancelled = stop;
        long total = expected.getAsLong();
        running.set(true);
        progress.set(total > 0 ? 0 : -1);
        message.set("Exporting…");
        tasks.run(() -> write(rows, file, format, stop, total), written -> {
            running.set(false);
            if (written == CANCELLED) {
                message.set("Export cancelled; nothing was written.");
            } else {
                progress.set(1);
                message.set(String.format(java.util.Locale.ROOT, "Exported %,d %s to %s", written,
                        written == 1 ? "row" : "rows", file));
            }
        }, failure -> {
            running.set(false);
            message.set("Export failed: " + Failures.describe(failure));
        });
    }

    /** Forgets the last export's note ("Exported 320 rows to ..."): it belonged to another connection or project. */
    public void clearMessage() {
        if (!running.get()) {
            message.set("");
            progress.set(-1);
        }
    }

    /** Stops the export at the next page; the partial file is removed. */
    public void cancel() {
        cancelled.set(true);
    }

    /**
     * Writes the rows and answers how many, or {@link #CANCELLED}. The outcome is decided here, once, on the
     * background thread: a cancel that comes after the last page was written is too late, and the export counts as
     * done (the message must not say "nothing was written" about a file that is there).
     */
    private long write(PagedListModel.AllRows<T> rows, Path file, Format format, AtomicBoolean stop, long total)
            throws IOException {
        long[] written = {0};
        boolean done = false;
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            Sink<T> sink = format == Format.CSV ? csv(out) : json(out);
            rows.forEachPage(page -> {
                try {
                    sink.write(page);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                written[0] += page.size();
                long count = written[0];
                Platform.runLater(() -> {
                    if (running.get()) {
                        progress.set(total > 0 ? Math.min(1, (double) count / total) : -1);
                        message.set(total > 0
                                ? String.format(java.util.Locale.ROOT, "Exporting %,d of %,d rows…", count, total)
                                : String.format(java.util.Locale.ROOT, "Exporting: %,d rows so far…", count));
                    }
                });
            }, stop::get);
            sink.finish();
            done = !stop.get();
        } finally {
            if (!done) {
                Files.deleteIfExists(file);
            }
        }
        return done ? written[0] : CANCELLED;
    }

    private interface Sink<T> {
        void write(List<T> page) throws IOException;

        void finish() throws IOException;
    }

    private Sink<T> csv(Writer out) throws IOException {
        TableExport.writeCsvHeader(columns, out);
        return new Sink<>() {
            @Override
            public void write(List<T> page) throws IOException {
                TableExport.writeCsvRows(page, columns, out);
            }

            @Override
            public void finish() throws IOException {
                out.flush();
            }
        };
    }

    private Sink<T> json(Writer out) throws IOException {
        SequenceWriter array = Json.lenient().writer().with(SerializationFeature.INDENT_OUTPUT)
                .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValuesAsArray(out);
        return new Sink<>() {
            @Override
            public void write(List<T> page) throws IOException {
                for (T row : page) {
                    array.write(jsonOfColumns ? TableExport.columnsObject(row, columns) : row);
                }
            }

            @Override
            public void finish() throws IOException {
                array.close();
                out.write("\n");
                out.flush();
            }
        };
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** 0 to 1 when the total is known, -1 (indeterminate) otherwise. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** Progress, the file written, or what went wrong. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
