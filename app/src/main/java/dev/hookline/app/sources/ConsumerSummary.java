package dev.hookline.app.sources;

import dev.hookline.api.model.ConsumerState;
import dev.hookline.api.model.SourceConsumer;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * One line on a pub_sub source's broker consumer for the sources table: what is wrong now (the connection error and
 * when it tries again, or that it is trying again), else the last rejected message's reason, else how many messages it took. Empty for other
 * sources and for servers that report no consumer state (a remote Convoy).
 */
final class ConsumerSummary {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private ConsumerSummary() {
    }

    static String state(SourceConsumer consumer) {
        return consumer == null || consumer.state() == null ? "" : consumer.state().wire();
    }

    static String describe(SourceConsumer consumer, ZoneId zone) {
        if (consumer == null) {
            return "";
        }
        if (consumer.state() == ConsumerState.RETRYING && consumer.lastError() != null) {
            return consumer.lastError() + (consumer.nextRetryAt() == null ? ""
                    : "; next try at " + time(consumer.nextRetryAt(), zone));
        }
        if (consumer.state() == ConsumerState.CONNECTING && consumer.lastError() != null
                && consumer.messagesReceived() == 0) {
            // a try after a failure (a slow broker check can take seconds): the failure is still the news
            return consumer.lastError() + "; trying again now";
        }
        String taken = consumer.messagesReceived() + (consumer.messagesReceived() == 1 ? " message" : " messages");
        if (consumer.lastRejection() != null) {
            return taken + ", " + consumer.messagesRejected() + " rejected; last: " + consumer.lastRejection();
        }
        return taken;
    }

    private static String time(Instant instant, ZoneId zone) {
        return TIME.format(instant.atZone(zone));
    }
}
