package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Map;

/**
 * {@code GET .../eventdeliveries/statustotals}: how many deliveries the deliveries list matches for its filters and
 * dates, per status. As in Convoy's portal API, {@code totals} maps each status's wire value to its count; Hookline
 * always answers all six statuses (0 where none match) and adds their sum as {@code total}.
 *
 * @param totals status wire value ({@code Success}, {@code Failure}, ...) to count
 * @param total  the sum of {@code totals}: how many rows the list matches
 */
@JsonPropertyOrder({"totals", "total"})
public record DeliveryStatusTotals(Map<String, Long> totals, long total) {

    public DeliveryStatusTotals {
        totals = totals == null ? Map.of() : Map.copyOf(totals);
    }

    /** The count for {@code status}; 0 when the answer does not name it (Convoy leaves out empty statuses). */
    public long count(EventDeliveryStatus status) {
        Long value = totals.get(status.wire());
        return value == null ? 0 : value;
    }
}
