package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.List;

/**
 * {@code GET .../eventdeliveries/timeseries} (Hookline's, not Convoy's): the deliveries the list matches, counted per
 * status in consecutive time buckets of the window, oldest first, buckets without deliveries included (as zeros).
 *
 * @param bucket  {@code hour} or {@code day} (UTC)
 * @param buckets the buckets, oldest first
 */
@JsonPropertyOrder({"bucket", "buckets"})
public record DeliveryTimeSeries(String bucket, List<Bucket> buckets) {

    public DeliveryTimeSeries {
        buckets = buckets == null ? List.of() : List.copyOf(buckets);
    }

    /**
     * One bucket: deliveries created from {@code start} (inclusive) to the next bucket's start, by status.
     */
    @JsonPropertyOrder({"start", "success", "failure", "retry", "scheduled", "processing", "discarded"})
    public record Bucket(Instant start, long success, long failure, long retry, long scheduled, long processing,
                         long discarded) {

        /** The count for {@code status}. */
        public long count(EventDeliveryStatus status) {
            return switch (status) {
                case SUCCESS -> success;
                case FAILURE -> failure;
                case RETRY -> retry;
                case SCHEDULED -> scheduled;
                case PROCESSING -> processing;
                case DISCARDED -> discarded;
            };
        }

        /** Every delivery of the bucket. */
        public long total() {
            return success + failure + retry + scheduled + processing + discarded;
        }
    }
}
