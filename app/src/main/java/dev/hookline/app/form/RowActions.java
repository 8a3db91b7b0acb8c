package dev.hookline.app.form;

import dev.hookline.api.client.ApiClient;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * What a configuration table does to one of its rows (delete, pause, revoke, ...): each action asks the project's
 * client at the moment it runs and sends through the view's shared {@link Form}, so failures show in its message
 * (the server's words) and one action runs at a time.
 */
public abstract class RowActions {

    /** The API client of the project on screen, asked at each action. */
    protected final Supplier<ApiClient> client;
    protected final Form form;

    protected RowActions(Supplier<ApiClient> client, Form form) {
        this.client = Objects.requireNonNull(client, "client");
        this.form = Objects.requireNonNull(form, "form");
    }

    /** A call whose answer carries nothing (a delete, a toggle): run in the background, it may fail. */
    @FunctionalInterface
    protected interface Call {
        void run(ApiClient api) throws Exception;
    }

    /** Sends {@code call} with the client of this moment; {@code onDone} runs once the server said yes. */
    protected final void send(Call call, Runnable onDone) {
        ApiClient api = client.get();
        form.submit(() -> {
            call.run(api);
            return Boolean.TRUE;
        }, done -> onDone.run());
    }
}
