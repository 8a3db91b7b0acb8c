package dev.hookline.app.traffic;

import dev.hookline.api.client.ListQuery;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ViewStates;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.Observable;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * A traffic view's filters, sort and time window kept across restarts, per connection and project
 * ({@link ConsoleSession#viewScope}), and its named saved views. The view model hands over how to read its filters
 * ({@code snapshot}) and set them all at once ({@code restore}, an empty map meaning "cleared"); this class restores
 * them when the view is created and on every connection or project switch, and remembers every change. No
 * controls; use on the FX thread.
 */
public final class RememberedFilters {

    private final ConsoleSession session;
    private final String view;
    private final Supplier<Map<String, List<String>>> snapshot;
    private final Consumer<Map<String, List<String>>> restore;
    private final ObservableList<String> savedNames = FXCollections.observableArrayList();
    private boolean restoring;
    private boolean applying;
    /** The saved view the filters are set to now: picked (or saved) and not changed since; null when none. */
    private final ReadOnlyStringWrapper active = new ReadOnlyStringWrapper(this, "active");

    public RememberedFilters(ConsoleSession session, String view, Supplier<Map<String, List<String>>> snapshot,
                             Consumer<Map<String, List<String>>> restore) {
        this.session = Objects.requireNonNull(session, "session");
        this.view = Objects.requireNonNull(view, "view");
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.restore = Objects.requireNonNull(restore, "restore");
    }

    /** Restores what this connection remembers, then remembers each change of {@code changes}. */
    public void start(List<? extends Observable> changes) {
        restoreCurrent();
        changes.forEach(observable -> observable.addListener(changed -> remember()));
        session.clientProperty().addListener((o, before, now) -> {
            if (now != null) {
                restoreCurrent();
            }
        });
    }

    /** The names of this view's saved filter sets, sorted. */
    public ObservableList<String> savedNames() {
        return savedNames;
    }

    /** Saves the filters, sort and window as they are now under {@code name} (replacing one of that name). */
    public void save(String name) {
        String clean = name == null ? "" : name.strip();
        if (clean.isEmpty() || session.client() == null) {
            return;
        }
        states().save(scope(), clean, snapshot.get());
        savedNames.setAll(states().saved(scope()).keySet());
        active.set(clean);
    }

    /**
     * The saved view the filters are set to now ({@code null} when none): set by {@link #apply} and {@link #save},
     * cleared by any later change of the filters, by Clear, and by a connection or project switch.
     */
    public ReadOnlyStringProperty activeProperty() {
        return active.getReadOnlyProperty();
    }

    /** Sets the filters, sort and window saved as {@code name}; nothing when there is none. */
    public void apply(String name) {
        if (name == null || session.client() == null) {
            return;
        }
        Map<String, List<String>> saved = states().saved(scope()).get(name);
        if (saved != null) {
            applying = true;
            try {
                restore.accept(saved);
                remember();
            } finally {
                applying = false;
            }
            active.set(name);
        }
    }

    public void delete(String name) {
        if (name == null || session.client() == null) {
            return;
        }
        states().delete(scope(), name);
        savedNames.setAll(states().saved(scope()).keySet());
        if (name.equals(active.get())) {
            active.set(null);
        }
    }

    private void remember() {
        if (!restoring && session.client() != null) {
            states().setCurrent(scope(), snapshot.get());
        }
        if (!applying && !restoring) {
            active.set(null);
        }
    }

    private void restoreCurrent() {
        if (session.client() == null) {
            return;
        }
        restoring = true;
        try {
            restore.accept(states().current(scope()));
        } finally {
            restoring = false;
        }
        active.set(null);
        savedNames.setAll(states().saved(scope()).keySet());
    }

    private ViewStates states() {
        return session.viewStates();
    }

    private String scope() {
        return session.viewScope(view);
    }

    /** Adds {@code name: [value]} unless the value is blank. */
    public static void putText(Map<String, List<String>> out, String name, String value) {
        if (value != null && !value.isBlank()) {
            out.put(name, List.of(value.strip()));
        }
    }

    /** The first value of {@code name}, or {@code ""}. */
    public static String text(Map<String, List<String>> values, String name) {
        List<String> list = values.get(name);
        return list == null || list.isEmpty() || list.get(0) == null ? "" : list.get(0);
    }

    /** The remembered sort; newest first unless oldest first was remembered. */
    public static ListQuery.Sort sortOf(Map<String, List<String>> values) {
        return "ASC".equals(text(values, "sort")) ? ListQuery.Sort.ASC : ListQuery.Sort.DESC;
    }
}
