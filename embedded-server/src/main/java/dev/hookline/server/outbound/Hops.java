package dev.hookline.server.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loop detection (issue 29): every webhook Hookline sends carries {@value #HEADER}, one more than the request its
 * event came in with. A request that comes in with {@value #MAX} or more has gone round Hookline deliveries that
 * often (an endpoint aimed at a source's ingest URL, directly or through other servers): the loop is cut there. The
 * request is still answered with a 400 saying so (the delivery that sent it records why it failed), and its event
 * is stored {@code Failure} with {@link #failureReason} and no deliveries, so the loop stops after a small bound
 * and the project can see where and why (ADR 0039). Chains of a few Hookline servers stay possible.
 */
public final class Hops {

    public static final String HEADER = "X-Hookline-Hops";
    /** Deliveries an event may have gone through before its request is refused as a loop. */
    public static final int MAX = 5;

    private Hops() {
    }

    /** The hop count {@code headers} carry (0 when none or not a number). */
    public static int of(Map<String, List<String>> headers) {
        if (headers == null) {
            return 0;
        }
        for (Map.Entry<String, List<String>> h : headers.entrySet()) {
            if (h.getKey() != null && h.getKey().equalsIgnoreCase(HEADER) && h.getValue() != null
                    && !h.getValue().isEmpty()) {
                try {
                    return Math.max(0, Integer.parseInt(h.getValue().getFirst().trim()));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /**
     * The hop count of a JSON header map ({@code {"X-Hookline-Hops": ["2"]}} or a plain string value), as stored on
     * an event or a delivery; 0 when none or not a number.
     */
    public static int of(JsonNode headers) {
        if (headers == null || !headers.isObject()) {
            return 0;
        }
        for (Map.Entry<String, JsonNode> h : headers.properties()) {
            if (h.getKey().equalsIgnoreCase(HEADER)) {
                JsonNode value = h.getValue().isArray() ? h.getValue().path(0) : h.getValue();
                try {
                    return Math.max(0, Integer.parseInt(value.asText().trim()));
                } catch (NumberFormatException e) {
                    return 0;
                }
            }
        }
        return 0;
    }

    /** True when a request carrying {@code hops} came round {@link #MAX} Hookline deliveries: a webhook loop. */
    public static boolean isLoop(int hops) {
        return hops >= MAX;
    }

    /** Why an event that came round {@code hops} deliveries was cut: its {@code failure_reason}. */
    public static String failureReason(int hops) {
        return "webhook loop cut: this request came through " + hops + " Hookline deliveries in a row (" + HEADER
                + ": " + hops + "), so the event gets no deliveries. An endpoint is probably aimed at a source's own "
                + "ingest URL, directly or through another server: point it elsewhere";
    }

    /** The 400 answered to the request of a cut event (the sending delivery keeps it as its response). */
    public static String refusal(int hops, String eventId) {
        return "this request came through " + hops + " Hookline deliveries in a row (" + HEADER + "): a webhook "
                + "loop, e.g. an endpoint aimed at a source's own ingest URL. The loop was cut here: event " + eventId
                + " is stored as Failure with this reason and gets no deliveries. Point the endpoint elsewhere";
    }

    /** {@code deliveryHeaders} with the inbound hop count carried on (the sender adds one when it sends). */
    public static Map<String, List<String>> carried(Map<String, List<String>> inbound,
                                                   Map<String, List<String>> deliveryHeaders) {
        int hops = of(inbound);
        if (hops == 0 || of(deliveryHeaders) == hops) {
            return deliveryHeaders;
        }
        Map<String, List<String>> out = new LinkedHashMap<>(deliveryHeaders);
        out.keySet().removeIf(name -> name.equalsIgnoreCase(HEADER));
        out.put(HEADER, List.of(Integer.toString(hops)));
        return out;
    }
}
