package dev.hookline.app.console;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * What the traffic views remember between runs, per view and per connection: the filters and time window as last
 * set, and the named views the user saved. A filter set is a map of list query parameter names (plus
 * {@code window} and {@code sort}) to their values; the views build and read them.
 *
 * <p>Keyed by a scope ({@code connection|project|view}, see {@link ConsoleSession#viewScope}). Every change is handed
 * to the persister (the application writes {@code views.json} in the configuration directory); without one it
 * lives as long as the console. Used on the FX thread.
 */
public final class ViewStates {

    /** One scope's memory: the filters as last set, and the saved ones by name (sorted). */
    public record Scope(Map<String, List<String>> current, Map<String, Map<String, List<String>>> saved) {
        public Scope {
            current = current == null ? Map.of() : Map.copyOf(current);
            saved = saved == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(saved));
        }
    }

    private final Map<String, Scope> scopes = new LinkedHashMap<>();
    private final Consumer<Map<String, Scope>> persister;

    /** Remembers for this run only. */
    public ViewStates() {
        this(Map.of(), all -> { });
    }

    /** Starts from {@code loaded}; hands a copy of everything to {@code persister} after each change. */
    public ViewStates(Map<String, Scope> loaded, Consumer<Map<String, Scope>> persister) {
        scopes.putAll(loaded == null ? Map.of() : loaded);
        this.persister = Objects.requireNonNull(persister, "persister");
    }

    /** The filters last set in {@code scope} (empty: never set). */
    public Map<String, List<String>> current(String scope) {
        return scope(scope).current();
    }

    public void setCurrent(String scope, Map<String, List<String>> filters) {
        Scope before = scope(scope);
        if (!before.current().equals(filters)) {
            put(scope, new Scope(filters, before.saved()));
        }
    }

    /** The named filter sets of {@code scope}, sorted by name. */
    public Map<String, Map<String, List<String>>> saved(String scope) {
        return scope(scope).saved();
    }

    /** Saves {@code filters} as {@code name} (replacing one of that name). */
    public void save(String scope, String name, Map<String, List<String>> filters) {
        Scope before = scope(scope);
        Map<String, Map<String, List<String>>> saved = new TreeMap<>(before.saved());
        saved.put(name, Map.copyOf(filters));
        put(scope, new Scope(before.current(), saved));
    }

    public void delete(String scope, String name) {
        Scope before = scope(scope);
        Map<String, Map<String, List<String>>> saved = new TreeMap<>(before.saved());
        if (saved.remove(name) != null) {
            put(scope, new Scope(before.current(), saved));
        }
    }

    private Scope scope(String scope) {
        return scopes.getOrDefault(scope, new Scope(Map.of(), Map.of()));
    }

    private void put(String scope, Scope value) {
        scopes.put(scope, value);
        persister.accept(Map.copyOf(scopes));
    }
}
