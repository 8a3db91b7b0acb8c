package dev.hookline.app.sources;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Source;
import dev.hookline.app.form.Form;
import java.util.function.Supplier;

/** Deleting a source from the sources table (its subscriptions go with it, as in Convoy). */
public final class SourceActions {

    private final Supplier<ApiClient> client;
    private final Form form;

    public SourceActions(Supplier<ApiClient> client, Form form) {
        this.client = client;
        this.form = form;
    }

    public void delete(Source source, Runnable onDone) {
        ApiClient api = client.get();
        String id = source.uid();
        form.submit(() -> {
            api.deleteSource(id);
            return id;
        }, deleted -> onDone.run());
    }
}
