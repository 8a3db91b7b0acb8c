package dev.hookline.app.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.FilterScopes;
import dev.hookline.api.model.FilterTestRequest;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.Rules;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * Test filter: does a sample event (body and headers) pass the body and header filters as typed in the form? The
 * filters are checked as JSON before anything is sent; the server decides the match
 * ({@code POST .../subscriptions/test_filter}).
 */
public final class FilterTestViewModel {

    private final Supplier<ApiClient> client;
    private final SubscriptionFormViewModel subscription;
    private final Form form;
    private final ObjectProperty<Boolean> matches = new SimpleObjectProperty<>(this, "matches");

    public final FormField sampleBody = new FormField("Sample body").required()
            .rule(Rules.jsonObject("Sample body"));
    public final FormField sampleHeaders = new FormField("Sample headers").rule(Rules.jsonObject("Sample headers"));

    public FilterTestViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                               Consumer<Throwable> connectionFailures, SubscriptionFormViewModel subscription) {
        this.client = client;
        this.subscription = subscription;
        this.form = new Form(tasks, connectionFailures);
        sampleBody.set("{\"amount\": 120, \"currency\": \"EUR\"}");
    }

    /** Checks the filters and the sample, then asks the server; answers whether a request was sent. */
    public boolean run() {
        matches.set(null);
        boolean filtersOk = subscription.filterBody.validate() & subscription.filterHeaders.validate();
        boolean sampleOk = sampleBody.validate() & sampleHeaders.validate();
        if (!filtersOk || !sampleOk) {
            return false;
        }
        FilterTestRequest request = new FilterTestRequest(
                FilterScopes.of(Rules.parse(sampleBody.value()), objectOrEmpty(sampleHeaders)),
                FilterScopes.of(objectOrEmpty(subscription.filterBody), objectOrEmpty(subscription.filterHeaders)));
        ApiClient api = client.get();
        form.submit(() -> api.testSubscriptionFilter(request), matches::set);
        return true;
    }

    private static JsonNode objectOrEmpty(FormField field) {
        return field.isBlank() ? JsonNodeFactory.instance.objectNode() : Rules.parse(field.value());
    }

    public Form form() {
        return form;
    }

    /** {@code true}/{@code false} after a run, {@code null} before (or while the form has a problem). */
    public ReadOnlyObjectProperty<Boolean> matchesProperty() {
        return matches;
    }
}
