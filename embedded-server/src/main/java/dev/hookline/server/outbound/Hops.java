package dev.hookline.server.outbound;

import dev.hookline.server.domain.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Loop detection (issue 29): every webhook Hookline sends carries {@value #HEADER}, one more than the request its
 * event came in with. A request that comes in with {@value #MAX} or more has gone round Hookline deliveries that
 * often (an endpoint aimed at a source's ingest URL, directly or through other servers): it is refused with a 400
 * saying so, so the loop stops after a small bound instead of running at full speed until someone notices. Chains
 * of a few Hookline servers stay possible.
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

    /** Refuses a request that came round {@link #MAX} Hookline deliveries (a webhook loop). */
    public static void refuseLoop(Map<String, List<String>> inbound) {
        int hops = of(inbound);
        if (hops >= MAX) {
            throw InvalidInputException.of("this request came through " + hops + " Hookline deliveries in a row ("
                    + HEADER + "): a webhook loop, e.g. an endpoint aimed at a source's own ingest URL; it was "
                    + "refused and nothing was stored. Point the endpoint elsewhere");
        }
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
