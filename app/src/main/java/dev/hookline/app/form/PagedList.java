package dev.hookline.app.form;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Page;
import dev.hookline.app.concurrent.BackgroundTasks;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The rows of one configuration table: a cursor-paged list loaded in the background, with the server's message when
 * loading fails (never a stack trace). Next/previous follow the server's cursors.
 */
public final class PagedList<T> {

    private final BackgroundTasks tasks;
    private final Supplier<ApiClient> client;
    private final Consumer<Throwable> connectionFailures;
    private final BiFunction<ApiClient, ListQuery, Page<T>> list;

    private final ObservableList<T> rows = FXCollections.observableArrayList();
    private final BooleanProperty loading = new SimpleBooleanProperty(this, "loading", false);
    private final BooleanProperty hasNext = new SimpleBooleanProperty(this, "hasNext", false);
    private final BooleanProperty hasPrevious = new SimpleBooleanProperty(this, "hasPrevious", false);
    private final StringProperty error = new SimpleStringProperty(this, "error", "");
    private ListQuery firstPage = ListQuery.create();
    private ListQuery current = ListQuery.create();
    private Page.Pagination pagination;
    private long generation;

    public PagedList(BackgroundTasks tasks, Supplier<ApiClient> client, Consumer<Throwable> connectionFailures,
                     BiFunction<ApiClient, ListQuery, Page<T>> list) {
        this.tasks = tasks;
        this.client = client;
        this.connectionFailures = connectionFailures;
        this.list = list;
    }

    /** Loads the first page of {@code query} (a new filter). */
    public void load(ListQuery query) {
        firstPage = query;
        fetch(query);
    }

    /** Loads the current page again (after a change, or Ctrl+R). */
    public void reload() {
        fetch(current);
    }

    public void next() {
        if (pagination != null && pagination.hasNextPage()) {
            fetch(firstPage.nextPage(pagination));
        }
    }

    public void previous() {
        if (pagination != null && pagination.hasPrevPage()) {
            fetch(firstPage.prevPage(pagination));
        }
    }

    private void fetch(ListQuery query) {
        current = query;
        ApiClient api = client.get();
        long ticket = ++generation; // only the newest answer lands: a slow old page must not overwrite a new one
        loading.set(true);
        tasks.run(() -> list.apply(api, query), page -> {
            if (ticket != generation) {
                return;
            }
            loading.set(false);
            error.set("");
            pagination = page.pagination();
            hasNext.set(pagination != null && pagination.hasNextPage());
            hasPrevious.set(pagination != null && pagination.hasPrevPage());
            rows.setAll(page.content());
        }, failure -> {
            if (ticket != generation) {
                return;
            }
            loading.set(false);
            error.set("Could not load the list: " + Form.describe(failure));
            if (failure instanceof ApiException api2 && api2.isConnectionFailure()) {
                connectionFailures.accept(failure);
            }
        });
    }

    public ObservableList<T> rows() {
        return rows;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading;
    }

    public ReadOnlyBooleanProperty hasNextProperty() {
        return hasNext;
    }

    public ReadOnlyBooleanProperty hasPreviousProperty() {
        return hasPrevious;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error;
    }

    /** The query of the page on screen. */
    public ListQuery currentQuery() {
        return current;
    }
}
