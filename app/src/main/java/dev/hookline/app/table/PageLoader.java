package dev.hookline.app.table;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Page;

/** One list call of the API, e.g. {@code ApiClient::listEventDeliveries}. Runs off the FX thread. */
@FunctionalInterface
public interface PageLoader<T> {

    Page<T> load(ApiClient client, ListQuery query);
}
