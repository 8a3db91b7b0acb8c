package dev.hookline.server.testing;

import dev.hookline.api.model.PubSubType;
import dev.hookline.server.StandardBrokers;
import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerConsumerFactory;
import dev.hookline.server.brokers.BrokerConsumers;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.MessageSink;
import java.net.URI;
import java.util.function.Predicate;

/**
 * The standard consumers, kept on this machine: tests reach brokers on loopback only. Many tests create pub_sub
 * sources with made-up settings (an SQS source without an endpoint means the real AWS); with the real consumers
 * those would try the internet. Such a source gets a consumer that fails at once, in plain words, instead.
 */
public final class LoopbackBrokers {

    private LoopbackBrokers() {
    }

    /** {@link StandardBrokers#consumers()} with every broker type whose destination is not on loopback refused. */
    public static BrokerConsumers standard() {
        BrokerConsumers standard = StandardBrokers.consumers();
        return standard
                .with(PubSubType.SQS, guarded(standard, LoopbackBrokers::sqsOnLoopback))
                .with(PubSubType.AMQP, guarded(standard, source -> source.pubSub().amqp() != null
                        && isLoopback(source.pubSub().amqp().host())));
    }

    private static BrokerConsumerFactory guarded(BrokerConsumers standard,
                                                Predicate<Source> onLoopback) {
        return source -> {
            if (!onLoopback.test(source)) {
                return failing(new BrokerException("tests reach brokers on loopback only; this "
                        + source.pubSub().type().wire() + " source points elsewhere"));
            }
            try {
                return standard.create(source);
            } catch (BrokerException e) {
                return failing(e);
            }
        };
    }

    private static boolean sqsOnLoopback(Source source) {
        String endpoint = source.pubSub().sqs() == null ? null : source.pubSub().sqs().endpoint();
        if (endpoint == null || endpoint.isBlank()) {
            return false; // the real AWS
        }
        try {
            return isLoopback(URI.create(endpoint.contains("://") ? endpoint.strip() : "https://" + endpoint.strip())
                    .getHost());
        } catch (IllegalArgumentException e) {
            return true; // not a URL: the consumer itself says so, without any traffic
        }
    }

    /** Loopback by name or literal address, without a DNS lookup. */
    static boolean isLoopback(String host) {
        if (host == null) {
            return false;
        }
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        return h.equalsIgnoreCase("localhost") || h.startsWith("127.") || h.equals("::1")
                || h.equals("0:0:0:0:0:0:0:1");
    }

    private static BrokerConsumer failing(BrokerException failure) {
        return new BrokerConsumer() {
            @Override
            public void run(MessageSink sink, Runnable consuming) throws BrokerException {
                throw failure;
            }

            @Override
            public void close() {
            }
        };
    }
}
