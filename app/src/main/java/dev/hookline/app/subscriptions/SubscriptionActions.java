package dev.hookline.app.subscriptions;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.Subscription;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.RowActions;
import java.util.function.Supplier;

/** Deleting a subscription, and switching it off and on, from the subscriptions table. */
public final class SubscriptionActions extends RowActions {

    public SubscriptionActions(Supplier<ApiClient> client, Form form) {
        super(client, form);
    }

    /** The label of the status toggle for a subscription that is {@code active} or not. */
    public static String toggleLabel(Subscription subscription) {
        return subscription == null || subscription.active() ? "Deactivate" : "Activate";
    }

    /**
     * {@code toggle_status}: an active subscription stops receiving events, an inactive one starts again.
     * {@code onDone} runs once the server answered (Convoy answers without the subscription).
     */
    public void toggleStatus(Subscription subscription, Runnable onDone) {
        String id = subscription.uid();
        send(api -> api.toggleSubscriptionStatus(id), onDone);
    }

    public void delete(Subscription subscription, Runnable onDone) {
        String id = subscription.uid();
        send(api -> api.deleteSubscription(id), onDone);
    }
}
