package dev.hookline.app.traffic;

import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The choices of an event-type picker, sorted: the project's known types ({@link ApiClient#knownEventTypes()}, the
 * one source to switch when the types come from somewhere else), plus the types of the rows loaded so far (a server
 * without that call, such as Convoy, still offers what the user has seen). Free text stays allowed in the picker.
 * Use on the FX thread.
 */
public final class EventTypeChoices {

    private final ObservableList<String> choices = FXCollections.observableArrayList();
    /** The types asked of the server: a newer load (another connection or project, a refresh) drops an older answer. */
    private LatestTask loads;

    public ObservableList<String> choices() {
        return choices;
    }

    /** Asks the server for the project's known types in the background and adds them. */
    public void load(ConsoleSession session) {
        ApiClient client = session.client();
        if (client == null) {
            return;
        }
        if (loads == null) {
            loads = new LatestTask(session.tasks());
        }
        // a 404 (Convoy): the rows' types remain
        loads.run(client::knownEventTypes, this::add, session::reportConnectionFailure);
    }

    /** Adds types seen in rows (blank and known ones are skipped). */
    public void add(Collection<String> types) {
        TreeSet<String> all = new TreeSet<>(choices);
        types.stream().filter(Objects::nonNull).map(String::strip).filter(t -> !t.isEmpty()).forEach(all::add);
        if (all.size() != choices.size()) {
            choices.setAll(List.copyOf(all));
        }
    }

    /** Forgets every type (the project changed). */
    public void clear() {
        choices.clear();
    }
}
