package dev.hookline.app.traffic;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * What the detail panes of the traffic views (a delivery, an event, a meta event) share: show the row picked by
 * its ID, loaded in the background, where only the newest load counts (a slow answer for a row the user has left
 * is dropped); reload it; clear it; and the loading, error and last-action messages the pane shows.
 *
 * @param <L> what one load fetches (the item, and whatever the pane shows beside it)
 */
public abstract class DetailViewModel<L> {

    protected final ConsoleSession session;
    private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading");
    private final StringProperty error = new SimpleStringProperty(this, "error", "");
    /** What the last action (retry, replay, resend) did or why it failed; cleared when another row is shown. */
    protected final StringProperty actionMessage = new SimpleStringProperty(this, "actionMessage", "");
    /** Runs after an action (retry, replay, resend) succeeded: the table reloads its rows. */
    protected Runnable afterAction = () -> { };
    private String shownId;
    /** The load of the row shown: showing another row, or none, drops the answer of the one before. */
    private final LatestTask load;

    protected DetailViewModel(ConsoleSession session) {
        this.session = Objects.requireNonNull(session, "session");
        this.load = new LatestTask(session.tasks());
    }

    /** Runs after an action on the row shown (retry, replay, resend) succeeded: the table reloads its rows. */
    public void setAfterAction(Runnable afterAction) {
        this.afterAction = Objects.requireNonNull(afterAction, "afterAction");
    }

    /**
     * Runs an action on the row shown (retry, replay, resend) in the background: {@code working} says it is under
     * way, then {@code done} gets the server's answer (and says what happened); a failure says why, and tells the
     * shell when the server could not be reached.
     */
    protected final <T> void runAction(String working, Callable<T> action, Consumer<? super T> done) {
        actionMessage.set(working);
        session.tasks().run(action, done, failure -> {
            actionMessage.set(Failures.describe(failure));
            session.reportConnectionFailure(failure);
        });
    }

    /** Fetches row {@code id} (on a background thread). */
    protected abstract L fetch(ApiClient client, String id) throws Exception;

    /** Shows what a load fetched (on the FX thread; only the newest load gets here). */
    protected abstract void apply(L loaded);

    /** Empties what the pane shows (another row is picked, or none). */
    protected abstract void forget();

    /** True to skip loading the row already shown again (e.g. while something reloads it anyway). */
    protected boolean skipReload() {
        return false;
    }

    /** Loads row {@code id}; another row first empties the pane. */
    public void show(String id) {
        Objects.requireNonNull(id, "id");
        boolean same = id.equals(shownId);
        if (same && skipReload()) {
            return;
        }
        if (!same) {
            forget();
            actionMessage.set("");
        }
        shownId = id;
        loading.set(true);
        error.set("");
        ApiClient client = session.client();
        load.run(() -> fetch(client, id), loaded -> {
            loading.set(false);
            apply(loaded);
            session.reportConnectionOk();
        }, failure -> {
            loading.set(false);
            error.set(Failures.describe(failure));
            session.reportConnectionFailure(failure);
        });
    }

    /** Loads the shown row again. */
    public void reload() {
        if (shownId != null) {
            show(shownId);
        }
    }

    /** Nothing selected: the pane empties, and a load still under way is dropped. */
    public void clear() {
        load.cancel();
        shownId = null;
        forget();
        loading.set(false);
        error.set("");
        actionMessage.set("");
    }

    /** The ID of the row shown (or being loaded), or null. */
    protected String shownId() {
        return shownId;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    public ReadOnlyStringProperty actionMessageProperty() {
        return actionMessage;
    }
}
