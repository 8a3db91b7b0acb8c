package dev.hookline.app.subscriptions;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.AlertConfig;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventType;
import dev.hookline.api.model.FilterConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.Subscription;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.Choices;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormViewModel;
import dev.hookline.app.form.Rules;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The subscription create/edit form: pickers for the endpoint (and, in incoming projects, the source), event types,
 * delivery mode, the body and header filters (checked as JSON objects before anything is sent), the transform
 * function, the rate limit and the alert configuration.
 */
public final class SubscriptionFormViewModel extends FormViewModel<Subscription> {

    private static final Pattern TRANSFORM = Pattern.compile("function\\s+transform\\s*\\(");

    /** Whether the project is incoming: then a source is required and offered. */
    public final BooleanProperty incoming = new SimpleBooleanProperty(this, "incoming", false);
    public final ObservableList<Endpoint> endpoints = FXCollections.observableArrayList();
    public final ObservableList<Source> sources = FXCollections.observableArrayList();
    /** The project's catalogued event type names (deprecated ones left out), offered beside the free text. */
    public final ObservableList<String> knownEventTypes = FXCollections.observableArrayList();

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    /** The picked source's ID. */
    public final FormField sourceId = new FormField("Source").required();
    /** The picked endpoint's ID. */
    public final FormField endpointId = new FormField("Endpoint").required();
    /** Comma-separated; empty means every event type ({@code *}). */
    public final FormField eventTypes = new FormField("Event types");
    public final ObjectProperty<DeliveryMode> deliveryMode =
            new SimpleObjectProperty<>(this, "deliveryMode", DeliveryMode.AT_LEAST_ONCE);
    public final FormField filterBody = new FormField("Body filter").rule(Rules.jsonObject("Body filter"));
    public final FormField filterHeaders = new FormField("Header filter").rule(Rules.jsonObject("Header filter"));
    public final FormField function = new FormField("Transform function")
            .rule(value -> value.isEmpty() || TRANSFORM.matcher(value).find() ? null
                    : "Transform function must define function transform(payload) { ... }");
    public final FormField rateLimitCount = new FormField("Rate limit")
            .rule(Rules.integerBetween("Rate limit", 0, Integer.MAX_VALUE));
    public final FormField rateLimitDuration = new FormField("Rate limit duration")
            .rule(Rules.integerBetween("Rate limit duration (seconds)", 0, Long.MAX_VALUE));
    public final FormField alertCount = new FormField("Alert count")
            .rule(Rules.integerBetween("Alert count", 0, Integer.MAX_VALUE));
    public final FormField alertThreshold = new FormField("Alert threshold").rule(Rules.goDuration("Alert threshold"));

    /** "New endpoint" beside the picker: made at once, then picked. */
    public final FormField newEndpointUrl = new FormField("New endpoint URL").required()
            .rule(Rules.httpUrl("New endpoint URL"));
    public final FormField newEndpointName = new FormField("New endpoint name").required()
            .rule(Rules.maxLength("New endpoint name", 255));
    /** "New source" beside the picker: an HTTP source without verification, made at once, then picked. */
    public final FormField newSourceName = new FormField("New source name").required()
            .rule(Rules.maxLength("New source name", 255));

    public SubscriptionFormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                     Consumer<Throwable> connectionFailures) {
        super(tasks, client, connectionFailures);
        declareFields(List.of(name, sourceId, endpointId, eventTypes, filterBody, filterHeaders, function,
                rateLimitCount, rateLimitDuration, alertCount, alertThreshold));
        form.serverField("name", name).serverField("endpoint_id", endpointId).serverField("function", function)
                .serverField("alert_config.threshold", alertThreshold).serverField("alert_config.count", alertCount);
        rateLimitDuration.rule(value -> !rateLimitCount.isBlank() && !"0".equals(rateLimitCount.value())
                && value.isEmpty() ? "Rate limit duration (seconds) is required when a rate limit is set" : null);
        eventTypes.rule(value -> Arrays.stream(value.split(",", -1)).anyMatch(String::isBlank) && !value.isEmpty()
                ? "Event types must be names separated by commas, without empty entries" : null);
    }

    /**
     * Loads what the pickers offer (the project's endpoints and sources) and whether the project is incoming. Runs
     * in the background; errors show as the form's message.
     */
    @Override
    public void loadChoices() {
        ApiClient api = client.get();
        form.run(() -> {
            boolean isIncoming = api.getProject(api.projectId()).type() == ProjectType.INCOMING;
            List<Endpoint> endpointRows = Choices.all(api::listEndpoints);
            List<Source> sourceRows = isIncoming ? Choices.all(api::listSources) : List.of();
            return new Loaded(isIncoming, endpointRows, sourceRows, eventTypeNames(api));
        }, loaded -> {
            incoming.set(loaded.incoming());
            endpoints.setAll(loaded.endpoints());
            sources.setAll(loaded.sources());
            knownEventTypes.setAll(loaded.eventTypes());
        });
    }

    private record Loaded(boolean incoming, List<Endpoint> endpoints, List<Source> sources, List<String> eventTypes) {
    }

    /**
     * The catalogue's names, by name. A server without a catalogue (an older Convoy answers 404) offers none: the
     * field still takes any name typed.
     */
    static List<String> eventTypeNames(ApiClient api) {
        try {
            return api.listEventTypes().stream().filter(type -> !type.deprecated()).map(EventType::name).sorted()
                    .toList();
        } catch (ApiException e) {
            if (e.isConnectionFailure()) {
                throw e;
            }
            return List.of();
        }
    }

    /**
     * Creates an endpoint from {@link #newEndpointUrl} and {@link #newEndpointName} (it gets a generated secret),
     * offers it in the picker and picks it; the subscription itself is not saved yet.
     */
    public void createEndpoint() {
        ApiClient api = client.get();
        if (!(newEndpointUrl.validate() & newEndpointName.validate())) {
            return;
        }
        EndpointRequest request = EndpointRequest.of(newEndpointUrl.value(), newEndpointName.value());
        form.submit(() -> api.createEndpoint(request), created -> {
            endpoints.add(created);
            endpointId.set(created.uid());
            newEndpointUrl.set("");
            newEndpointName.set("");
        });
    }

    /**
     * Creates an HTTP source named {@link #newSourceName} without verification (a verifier can be set in Sources),
     * offers it in the picker and picks it.
     */
    public void createSource() {
        ApiClient api = client.get();
        if (!newSourceName.validate()) {
            return;
        }
        CreateSourceRequest request = new CreateSourceRequest(newSourceName.value(), SourceType.HTTP, null, null,
                new Verifier(VerifierType.NOOP, null, null, null), null, null, null, null);
        form.submit(() -> api.createSource(request), created -> {
            sources.add(created);
            sourceId.set(created.uid());
            newSourceName.set("");
        });
    }

    /** Adds a picked type to the comma-separated field (once; picking any type replaces "all types"). */
    public void addEventType(String type) {
        List<String> types = new java.util.ArrayList<>(Arrays.stream(eventTypes.value().split(","))
                .map(String::strip).filter(t -> !t.isEmpty() && !t.equals("*")).toList());
        if (!types.contains(type)) {
            types.add(type);
        }
        eventTypes.set(String.join(", ", types));
    }

    @Override
    protected void setDefaults() {
        deliveryMode.set(DeliveryMode.AT_LEAST_ONCE);
    }

    @Override
    protected void fill(Subscription subscription) {
        name.set(subscription.name());
        if (subscription.sourceMetadata() != null) {
            sourceId.set(subscription.sourceMetadata().uid());
        }
        if (subscription.endpointMetadata() != null) {
            endpointId.set(subscription.endpointMetadata().uid());
        }
        FilterConfig filter = subscription.filterConfig();
        if (filter != null) {
            List<String> types = filter.eventTypes() == null ? List.of() : filter.eventTypes();
            eventTypes.set(types.equals(List.of("*")) ? "" : String.join(", ", types));
            if (filter.filter() != null) {
                filterBody.set(json(filter.filter().body()));
                filterHeaders.set(json(filter.filter().headers()));
            }
        }
        if (subscription.deliveryMode() != null) {
            deliveryMode.set(subscription.deliveryMode());
        }
        function.set(subscription.function());
        if (subscription.rateLimitConfig() != null) {
            rateLimitCount.set(text(subscription.rateLimitConfig().count()));
            rateLimitDuration.set(text(subscription.rateLimitConfig().duration()));
        }
        if (subscription.alertConfig() != null) {
            alertCount.set(text(subscription.alertConfig().count()));
            alertThreshold.set(subscription.alertConfig().threshold());
        }
    }

    /** The source picker only exists in incoming projects. */
    @Override
    public List<FormField> shownFields() {
        List<FormField> shown = new ArrayList<>(List.of(name));
        if (incoming.get()) {
            shown.add(sourceId);
        }
        shown.addAll(List.of(endpointId, eventTypes, filterBody, filterHeaders, function, rateLimitCount,
                rateLimitDuration, alertCount, alertThreshold));
        return shown;
    }

    @Override
    protected Callable<Subscription> saveCall(ApiClient api, Subscription current) {
        SubscriptionRequest request = request();
        return current == null ? () -> withConflictHint(() -> api.createSubscription(request))
                : () -> withConflictHint(() -> api.updateSubscription(current.uid(), request));
    }

    /** What to do when an outgoing project already has a subscription for the endpoint (issue 25). */
    static final String ONE_PER_ENDPOINT_HINT = " Edit the endpoint's existing subscription on this page (a filter "
            + "can go there), or tick \"Allow several subscriptions per endpoint\" in Project settings and save again.";

    /** The server's refusal of a second subscription for an endpoint, with what to do about it. */
    static <T> T withConflictHint(java.util.concurrent.Callable<T> call) throws Exception {
        try {
            return call.call();
        } catch (dev.hookline.api.client.ApiException e) {
            String message = e.getMessage() == null ? "" : e.getMessage();
            if (message.contains("subscription for this endpoint already exists")) {
                throw new IllegalStateException(dev.hookline.app.form.Form.describe(e) + "." + ONE_PER_ENDPOINT_HINT,
                        null);
            }
            throw e;
        }
    }

    /** The request the valid form stands for. */
    public SubscriptionRequest request() {
        List<String> types = Arrays.stream(eventTypes.value().split(",")).map(String::strip)
                .filter(type -> !type.isEmpty()).toList();
        JsonNode body = filterBody.isBlank() ? null : Rules.parse(filterBody.value());
        JsonNode headers = filterHeaders.isBlank() ? null : Rules.parse(filterHeaders.value());
        FilterConfig filter = new FilterConfig(types.isEmpty() ? List.of("*") : types,
                new FilterConfig.Filter(null, headers, body, null, null));
        RateLimitConfig rateLimit = rateLimitCount.isBlank() && rateLimitDuration.isBlank() ? null
                : new RateLimitConfig(rateLimitCount.intOrNull(), rateLimitDuration.longOrNull());
        AlertConfig alert = alertCount.isBlank() && alertThreshold.isBlank() ? null
                : new AlertConfig(alertCount.intOrNull(), alertThreshold.valueOrNull());
        String script = function.rawOrNull();
        return new SubscriptionRequest(name.value(), incoming.get() ? sourceId.value() : null, endpointId.value(),
                null, isEditing() && script == null ? "" : script, alert, rateLimit, filter, deliveryMode.get(),
                null);
    }

    private static String json(JsonNode node) {
        return node == null || node.isNull() || (node.isObject() && node.isEmpty()) ? "" : node.toPrettyString();
    }

    private static String text(Number number) {
        return number == null ? "" : number.toString();
    }
}
