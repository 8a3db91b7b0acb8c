package dev.hookline.app.metaevents;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.DeliveryMetadata;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.json.JsonFormat;
import dev.hookline.app.traffic.DetailViewModel;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.ObjectBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The detail pane of one meta event: the body sent, the latest attempt's request and response headers and response
 * body, the retry state; resend it. No controls; call it on the FX thread.
 */
public final class MetaEventDetailViewModel extends DetailViewModel<MetaEvent> {

    private final ObjectProperty<MetaEvent> metaEvent = new SimpleObjectProperty<>(this, "metaEvent");
    private final StringBinding payload;
    private final StringBinding responseBody;
    private final StringBinding retryState;
    private final ObjectBinding<Map<String, String>> requestHeaders;
    private final ObjectBinding<Map<String, String>> responseHeaders;
    private final BooleanBinding canResend;

    public MetaEventDetailViewModel(ConsoleSession session) {
        super(session);
        payload = Bindings.createStringBinding(() -> {
            DeliveryMetadata m = metaEvent.get() == null ? null : metaEvent.get().metadata();
            return m == null ? "" : JsonFormat.payload(m.raw(), m.data());
        }, metaEvent);
        responseBody = Bindings.createStringBinding(() -> metaEvent.get() == null || metaEvent.get().attempt() == null
                ? "" : JsonFormat.prettyText(metaEvent.get().attempt().responseData()), metaEvent);
        retryState = Bindings.createStringBinding(() -> retryState(metaEvent.get()), metaEvent);
        requestHeaders = Bindings.createObjectBinding(() -> metaEvent.get() == null
                || metaEvent.get().attempt() == null ? Map.of()
                : sorted(metaEvent.get().attempt().requestHttpHeader()), metaEvent);
        responseHeaders = Bindings.createObjectBinding(() -> metaEvent.get() == null
                || metaEvent.get().attempt() == null ? Map.of()
                : sorted(metaEvent.get().attempt().responseHttpHeader()), metaEvent);
        // as for deliveries: only what has finished (for good or not) can be sent again
        canResend = Bindings.createBooleanBinding(() -> metaEvent.get() != null
                && (metaEvent.get().status() == EventDeliveryStatus.FAILURE
                || metaEvent.get().status() == EventDeliveryStatus.SUCCESS), metaEvent);
    }

    @Override
    protected MetaEvent fetch(ApiClient client, String id) {
        return client.getMetaEvent(id);
    }

    @Override
    protected void apply(MetaEvent loaded) {
        metaEvent.set(loaded);
    }

    @Override
    protected void forget() {
        metaEvent.set(null);
    }

    /** {@code PUT .../meta-events/{id}/resend}. */
    public void resend() {
        MetaEvent shown = metaEvent.get();
        if (shown == null || !canResend.get()) {
            return;
        }
        ApiClient client = session.client();
        runAction("Sending…", () -> client.resendMetaEvent(shown.uid()), resent -> {
            actionMessage.set("Meta event scheduled for resend");
            reload();
            afterAction.run();
        });
    }

    /** e.g. "Attempt 2 of 5 (linear), next at 2026-11-23 11:00:00" (local time). */
    static String retryState(MetaEvent event) {
        if (event == null || event.metadata() == null) {
            return "";
        }
        DeliveryMetadata m = event.metadata();
        StringBuilder text = new StringBuilder("Attempt ")
                .append(m.numTrials() == null ? 0 : m.numTrials());
        if (m.retryLimit() != null) {
            text.append(" of ").append(m.retryLimit());
        }
        if (m.strategy() != null) {
            text.append(" (").append(m.strategy().wire()).append(')');
        }
        if (m.nextSendTime() != null && (event.status() == EventDeliveryStatus.RETRY
                || event.status() == EventDeliveryStatus.SCHEDULED)) {
            text.append(", next at ").append(DetailWidgets.time(m.nextSendTime()));
        }
        return text.toString();
    }

    private static Map<String, String> sorted(Map<String, String> headers) {
        Map<String, String> out = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) {
            out.putAll(headers);
        }
        return out;
    }

    public ReadOnlyObjectProperty<MetaEvent> metaEventProperty() {
        return metaEvent;
    }

    /** The body that was sent ({@code {"event_type":..., "data":...}}), pretty-printed. */
    public StringBinding payloadProperty() {
        return payload;
    }

    public StringBinding responseBodyProperty() {
        return responseBody;
    }

    public StringBinding retryStateProperty() {
        return retryState;
    }

    public ObjectBinding<Map<String, String>> requestHeadersProperty() {
        return requestHeaders;
    }

    public ObjectBinding<Map<String, String>> responseHeadersProperty() {
        return responseHeaders;
    }

    public BooleanBinding canResendProperty() {
        return canResend;
    }
}
