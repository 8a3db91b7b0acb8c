package dev.hookline.server.brokers;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/**
 * A consumer's failure in plain words: its own {@link BrokerException} words when it gave some, else what the
 * network failure underneath says. Consumers never put secrets into their exceptions' messages.
 */
final class FailureDescriptions {

    private FailureDescriptions() {
    }

    static String describe(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BrokerException) {
                return t.getMessage();
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            String detail = t.getMessage() == null ? "" : " (" + t.getMessage() + ")";
            if (t instanceof UnknownHostException) {
                return "cannot connect: unknown host " + t.getMessage();
            }
            if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
                return "cannot connect to the broker" + detail;
            }
            if (t instanceof SocketTimeoutException) {
                return "the broker did not answer in time" + detail;
            }
            if (t instanceof SSLException) {
                return "TLS handshake with the broker failed" + detail;
            }
        }
        String message = failure.getMessage();
        return failure.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": " + message);
    }
}
