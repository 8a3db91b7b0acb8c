package dev.hookline.app.eventtypes;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.EventType;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.FormField;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Importing event types from an OpenAPI document: the document's text (pasted, or read from a file in the
 * background), sent to {@code /event-types/import}; the server reads its webhooks and says what it could not.
 */
public final class ImportOpenApiViewModel {

    /** Larger documents are refused before reading (the API's body limit is in the same range). */
    static final long MAX_FILE_BYTES = 5L * 1024 * 1024;

    private final Supplier<ApiClient> client;
    private final Form form;

    public final FormField document = new FormField("OpenAPI document").required();

    public ImportOpenApiViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                  Consumer<Throwable> connectionFailures) {
        this.client = client;
        this.form = new Form(tasks, connectionFailures);
    }

    public Form form() {
        return form;
    }

    public void clear() {
        document.set("");
        form.clearError();
    }

    /** Reads {@code file} off the FX thread into the document field. */
    public void load(Path file) {
        form.run(() -> {
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new IllegalArgumentException(file.getFileName() + " is larger than 5 MB");
            }
            return Files.readString(file, StandardCharsets.UTF_8);
        }, document::set);
    }

    /** Sends the document; {@code onImported} gets the created or updated types. */
    public boolean importDocument(Consumer<List<EventType>> onImported) {
        if (!document.validate()) {
            return false;
        }
        ApiClient api = client.get();
        String text = document.value();
        form.submit(() -> api.importEventTypes(text), onImported);
        return true;
    }
}
