package dev.hookline.server.outbound;

import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertificateException;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

/**
 * Turns what the network threw into the plain words a user reads on a delivery attempt ("connection refused by
 * 127.0.0.1:8080", "timed out after 10 s"), never a Java class name or stack trace.
 */
final class SendErrors {

    private SendErrors() {
    }

    /** The policy refusal behind {@code error} (its cause or a suppressed failure of another route), or null. */
    static DestinationRefusedException refusedDestination(Throwable error) {
        for (Throwable c = error; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (c instanceof DestinationRefusedException refused) {
                return refused;
            }
            for (Throwable suppressed : c.getSuppressed()) {
                if (suppressed instanceof DestinationRefusedException refused) {
                    return refused;
                }
            }
        }
        return null;
    }

    static String describe(Throwable error, String hostAndPort, long timeoutSeconds, boolean https) {
        if (refusedDestination(error) != null) {
            return describe(error, hostAndPort, timeoutSeconds);
        }
        // with TLS 1.3 a receiver that wants a client certificate we did not give aborts after the handshake, which
        // reaches us as a reset or broken pipe rather than a handshake error
        if (https && error instanceof java.net.SocketException && !(error instanceof ConnectException)) {
            return "the receiver " + hostAndPort + " closed the TLS connection (" + words(error)
                    + "); if it requires an mTLS client certificate, set mtls_client_cert on the endpoint";
        }
        return describe(error, hostAndPort, timeoutSeconds);
    }

    static String describe(Throwable error, String hostAndPort, long timeoutSeconds) {
        DestinationRefusedException refused = refusedDestination(error);
        if (refused != null) {
            return refused.getMessage() + " (nothing was sent)";
        }
        if (error instanceof SocketTimeoutException timeout && timeout.getMessage() != null
                && timeout.getMessage().toLowerCase().contains("connect")) {
            return "could not connect to " + hostAndPort + ": timed out after " + timeoutSeconds + " s";
        }
        // OkHttp's call timeout surfaces as a plain InterruptedIOException("timeout")
        if (error instanceof SocketTimeoutException || error instanceof InterruptedIOException) {
            return "timed out after " + timeoutSeconds + " s waiting for " + hostAndPort + " to answer";
        }
        if (error instanceof UnknownHostException) {
            return "could not resolve host " + hostAndPort;
        }
        if (error instanceof NoRouteToHostException) {
            return "no route to host " + hostAndPort;
        }
        if (error instanceof ConnectException) {
            // OkHttp wraps the socket's ConnectException ("Connection refused") in its own ("Failed to connect to")
            String message = words(rootCause(error)).toLowerCase();
            return message.contains("refused") ? "connection refused by " + hostAndPort
                    : "could not connect to " + hostAndPort + ": " + words(rootCause(error));
        }
        if (error instanceof SSLPeerUnverifiedException) {
            return "TLS handshake failed: the certificate of " + hostAndPort + " does not match its host name ("
                    + words(error) + ")";
        }
        String alert = words(rootCause(error));
        if (error instanceof SSLException && alert.contains("certificate_required")) {
            return "TLS handshake failed: " + hostAndPort + " requires a client certificate (set mtls_client_cert on "
                    + "the endpoint)";
        }
        if (error instanceof SSLException && (alert.contains("bad_certificate") || alert.contains("unknown_ca")
                || alert.contains("certificate_unknown"))) {
            return "TLS handshake failed: " + hostAndPort + " rejected the client certificate (" + alert + ")";
        }
        if (error instanceof SSLHandshakeException || causedBy(error, CertificateException.class)) {
            return "TLS handshake failed: " + words(rootCause(error));
        }
        if (error instanceof SSLException) {
            return "TLS error: " + words(rootCause(error));
        }
        if (error instanceof java.io.IOException && words(error).startsWith("unexpected end of stream")) {
            return hostAndPort + " closed the connection without answering";
        }
        if (error instanceof java.io.IOException) {
            return "request to " + hostAndPort + " failed: " + words(error);
        }
        return "request to " + hostAndPort + " could not be sent: " + words(error);
    }

    private static boolean causedBy(Throwable error, Class<? extends Throwable> type) {
        for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static Throwable rootCause(Throwable error) {
        Throwable t = error;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t;
    }

    private static String words(Throwable error) {
        String message = error.getMessage();
        return message == null || message.isBlank() ? error.getClass().getSimpleName() : message;
    }
}
