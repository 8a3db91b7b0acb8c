package dev.hookline.server.portal;

import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.Page;
import dev.hookline.api.model.Source;
import dev.hookline.server.endpoints.EndpointRedaction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a portal link's holder may not read in events, deliveries and attempts: the values of credential-bearing
 * headers (the sender's {@code Authorization}, cookies, signatures, tokens, API keys) become {@code [REDACTED]}, and an
 * embedded source loses its verifier and broker settings. Embedded endpoints read as
 * {@link EndpointRedaction#forPortal} (no credential, no signing secret).
 */
public final class PortalMasking {

    /** The one redaction marker (docs/adr/0028), as everywhere else; Convoy's portal writes {@code ***}. */
    public static final String MASK = EndpointRedaction.REDACTED;

    private static final List<String> SENSITIVE = List.of("authorization", "cookie", "secret", "token", "signature",
            "api-key", "api_key", "apikey", "password");

    private PortalMasking() {
    }

    /** True for a header whose value is a credential. */
    static boolean sensitive(String headerName) {
        String name = headerName.toLowerCase(Locale.ROOT);
        return SENSITIVE.stream().anyMatch(name::contains);
    }

    public static Event event(Event e) {
        // endpoint_metadata is left out: an event may also go to endpoints of other tenants than the link's
        return e.toBuilder().headers(multiValued(e.headers())).sourceMetadata(source(e.sourceMetadata()))
                .endpointMetadata(null).build();
    }

    public static Page<Event> events(Page<Event> page) {
        return new Page<>(page.content().stream().map(PortalMasking::event).toList(), page.pagination());
    }

    public static EventDelivery delivery(EventDelivery d) {
        return d.toBuilder()
                .headers(multiValued(d.headers()))
                .eventMetadata(d.eventMetadata() == null ? null : event(d.eventMetadata()))
                .endpointMetadata(EndpointRedaction.forPortal(d.endpointMetadata()))
                .sourceMetadata(source(d.sourceMetadata()))
                .build();
    }

    public static Page<EventDelivery> deliveries(Page<EventDelivery> page) {
        return new Page<>(page.content().stream().map(PortalMasking::delivery).toList(), page.pagination());
    }

    public static DeliveryAttempt attempt(DeliveryAttempt a) {
        return new DeliveryAttempt(a.uid(), a.url(), a.method(), a.endpointId(), a.apiVersion(), a.projectId(),
                a.msgId(), a.ipAddress(), singleValued(a.requestHttpHeader()), singleValued(a.responseHttpHeader()),
                a.requestBody(), a.httpStatus(), a.responseData(), a.error(), a.status(), a.requestedAt(),
                a.respondedAt(), a.latencyMs(), a.createdAt(), a.updatedAt(), a.deletedAt());
    }

    private static Source source(Source s) {
        if (s == null) {
            return null;
        }
        return s.toBuilder().verifier(null).pubSub(null).consumer(null).build();
    }

    private static Map<String, List<String>> multiValued(Map<String, List<String>> headers) {
        if (headers == null) {
            return null;
        }
        Map<String, List<String>> out = new LinkedHashMap<>();
        headers.forEach((name, values) -> out.put(name, sensitive(name) && values != null
                ? values.stream().map(v -> MASK).toList() : values));
        return out;
    }

    private static Map<String, String> singleValued(Map<String, String> headers) {
        if (headers == null) {
            return null;
        }
        Map<String, String> out = new LinkedHashMap<>();
        headers.forEach((name, value) -> out.put(name, sensitive(name) ? MASK : value));
        return out;
    }
}
