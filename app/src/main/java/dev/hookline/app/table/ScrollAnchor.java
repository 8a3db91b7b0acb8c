package dev.hookline.app.table;

import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;

/**
 * Keeps what the user is reading in place when rows are inserted on top (live tail): a table scrolled down stays
 * on the same rows; a table at the very top shows the new rows. The selection follows its row by itself.
 */
public final class ScrollAnchor {

    private ScrollAnchor() {
    }

    public static <T> void install(TableView<T> table) {
        ListChangeListener<T> onChange = change -> {
            while (change.next()) {
                if (change.wasAdded() && !change.wasReplaced() && change.getFrom() == 0) {
                    // the flow is not laid out again yet: its first cell is still what the user sees
                    int firstVisible = firstVisibleIndex(table);
                    if (firstVisible > 0) {
                        table.scrollTo(firstVisible + change.getAddedSize());
                    }
                }
            }
        };
        table.itemsProperty().subscribe((ObservableList<T> before, ObservableList<T> now) -> {
            if (before != null) {
                before.removeListener(onChange);
            }
            if (now != null) {
                now.addListener(onChange);
            }
        });
        if (table.getItems() != null) {
            table.getItems().addListener(onChange);
        }
    }

    /** Index of the first row on screen, or -1 before the table is shown. */
    public static int firstVisibleIndex(TableView<?> table) {
        if (table.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
            IndexedCell<?> first = flow.getFirstVisibleCell();
            return first == null ? -1 : first.getIndex();
        }
        return -1;
    }
}
