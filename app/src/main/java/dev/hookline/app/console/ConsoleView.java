package dev.hookline.app.console;

import dev.hookline.app.shell.ConsoleViews;
import java.util.Map;
import javafx.scene.Node;

/**
 * What one sidebar entry shows. The shell creates a view once (through {@link ConsoleViews}) the first time its
 * entry is selected, keeps it, and routes the console's shortcuts to the view on screen.
 *
 * <p>All methods are called on the FX thread. A view reloads by itself when
 * {@link ConsoleSession#clientProperty()} changes (connection or project switched).
 */
public interface ConsoleView {

    /** The view's root node, the same instance on every call. */
    Node node();

    /** Ctrl+R: reload the data on screen, keeping the user's selection where it still exists. */
    void refresh();

    /** Ctrl+F: put the keyboard focus in the view's main filter or search field (no-op when it has none). */
    default void focusFilter() {
    }

    /** Enter (outside text fields and buttons): open the detail of the selected row (no-op when none). */
    default void openSelected() {
    }

    /**
     * Another view asked to show this one narrowed to some rows ({@link ConsoleSession#navigate}): replace the
     * filters with {@code filter} (list query parameter names, e.g. {@code eventId}) and reload. Called after
     * {@link #onShown()}. Views without such filters ignore it.
     */
    default void applyFilter(Map<String, String> filter) {
    }

    /** Called each time the view is put on screen (also the first time), after {@link #node()} is attached. */
    default void onShown() {
    }
}
