package dev.hookline.server.sources;

import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceConsumer;

/**
 * What the source use cases ask of the broker consumers: follow source changes, tell a source's state. Declared
 * here and implemented by {@code brokers.ConsumerSupervisor}, so sources do not depend on the brokers package.
 */
public interface SourceConsumers {

    /** Nothing consumes (a server part that runs without consumers, e.g. in tests of other features). */
    SourceConsumers NONE = new SourceConsumers() {
        @Override
        public void sourcesChanged() {
        }

        @Override
        public SourceConsumer stateOf(Source source) {
            return null;
        }
    };

    /** Sources were created, updated or deleted: start, restart and stop consumers to match, before returning. */
    void sourcesChanged();

    /** The live state of a pub_sub source's consumer; null for other sources. */
    SourceConsumer stateOf(Source source);
}
