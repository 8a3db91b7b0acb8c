package dev.hookline.app.subscriptions;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Subscription;
import dev.hookline.app.form.Form;
import java.util.function.Supplier;

/** Deleting a subscription from the subscriptions table. */
public final class SubscriptionActions {

    private final Supplier<ApiClient> client;
    private final Form form;

    public SubscriptionActions(Supplier<ApiClient> client, Form form) {
        this.client = client;
        this.form = form;
    }

    public void delete(Subscription subscription, Runnable onDone) {
        ApiClient api = client.get();
        String id = subscription.uid();
        form.submit(() -> {
            api.deleteSubscription(id);
            return id;
        }, deleted -> onDone.run());
    }
}
