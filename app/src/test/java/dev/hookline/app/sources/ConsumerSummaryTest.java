package dev.hookline.app.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.SourceConsumer;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ConsumerSummaryTest {

    private static final Instant AT = Instant.parse("2026-11-25T10:15:30Z");

    @Test
    void aRetryingConsumerShowsItsErrorAndTheNextTry() {
        SourceConsumer consumer = new SourceConsumer(ConsumerState.RETRYING, AT, "authentication failed for user "
                + "guest", AT, AT.plusSeconds(4), 0, 0, null, null);

        assertEquals("retrying", ConsumerSummary.state(consumer));
        assertEquals("authentication failed for user guest; next try at 10:15:34",
                ConsumerSummary.describe(consumer, ZoneOffset.UTC));
    }

    @Test
    void aConsumerTryingAgainAfterAFailureStillShowsTheFailure() {
        SourceConsumer consumer = new SourceConsumer(ConsumerState.CONNECTING, AT, "cannot connect to Kafka brokers "
                + "127.0.0.1:9 (no answer within 10 s)", AT, null, 0, 0, null, null);

        assertEquals("cannot connect to Kafka brokers 127.0.0.1:9 (no answer within 10 s); trying again now",
                ConsumerSummary.describe(consumer, ZoneOffset.UTC));
    }

    @Test
    void aRunningConsumerShowsWhatItTookAndTheLastRejection() {
        assertEquals("1 message", ConsumerSummary.describe(new SourceConsumer(ConsumerState.RUNNING, AT, null, null,
                null, 1, 0, null, null), ZoneOffset.UTC));
        assertEquals("12 messages, 2 rejected; last: the message has no event_type", ConsumerSummary.describe(
                new SourceConsumer(ConsumerState.RUNNING, AT, "old error", AT, null, 12, 2,
                        "the message has no event_type", AT), ZoneOffset.UTC));
    }

    @Test
    void sourcesWithoutAConsumerShowNothing() {
        assertEquals("", ConsumerSummary.state(null));
        assertEquals("", ConsumerSummary.describe(null, ZoneOffset.UTC));
    }
}
