package dev.hookline.app.sources;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Source;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.RowActions;
import java.util.function.Supplier;

/** Deleting a source from the sources table (its subscriptions go with it, as in Convoy). */
public final class SourceActions extends RowActions {

    public SourceActions(Supplier<ApiClient> client, Form form) {
        super(client, form);
    }

    public void delete(Source source, Runnable onDone) {
        String id = source.uid();
        send(api -> api.deleteSource(id), onDone);
    }
}
