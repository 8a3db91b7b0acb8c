package dev.hookline.app.testing;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;

/** How many rows the server holds: form tests assert that an invalid form wrote nothing. */
public final class Counts {

    private Counts() {
    }

    public static int endpoints(ApiClient client) {
        return client.listEndpoints(ListQuery.ofPerPage(100)).content().size();
    }

    public static int sources(ApiClient client) {
        return client.listSources(ListQuery.ofPerPage(100)).content().size();
    }

    public static int subscriptions(ApiClient client) {
        return client.listSubscriptions(ListQuery.ofPerPage(100)).content().size();
    }

    public static int portalLinks(ApiClient client) {
        return client.listPortalLinks(ListQuery.ofPerPage(100)).content().size();
    }
}
