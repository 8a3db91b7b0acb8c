package dev.hookline.server.brokers;

/**
 * A consumer's failure, in plain words a person can act on ("cannot connect to 127.0.0.1:5672", "authentication
 * failed for user guest", "queue orders does not exist"). Shown as the source's last error.
 */
public final class BrokerException extends Exception {

    public BrokerException(String plainWords, Throwable cause) {
        super(plainWords, cause);
    }

    public BrokerException(String plainWords) {
        super(plainWords);
    }
}
