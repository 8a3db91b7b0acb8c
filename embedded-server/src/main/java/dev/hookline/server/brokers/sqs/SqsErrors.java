package dev.hookline.server.brokers.sqs;

import dev.hookline.api.model.PubSubConfig;
import dev.hookline.server.brokers.BrokerException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Set;
import java.util.function.Supplier;
import javax.net.ssl.SSLException;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

/**
 * Turns what the AWS SDK throws into a {@link BrokerException} in plain words: cannot connect, authentication
 * failed, access denied, queue missing. Never says the secret; says the access key masked.
 */
final class SqsErrors {

    private static final Set<String> AUTH_CODES = Set.of("InvalidClientTokenId", "SignatureDoesNotMatch",
            "UnrecognizedClientException", "InvalidSignatureException", "MissingAuthenticationToken",
            "IncompleteSignature", "InvalidAccessKeyId", "ExpiredToken", "RequestExpired", "AuthFailure");
    private static final Set<String> DENIED_CODES = Set.of("AccessDenied", "AccessDeniedException",
            "KMS.AccessDeniedException");
    private static final Set<String> MISSING_QUEUE_CODES = Set.of("AWS.SimpleQueueService.NonExistentQueue",
            "QueueDoesNotExist");

    private final PubSubConfig.Sqs config;

    SqsErrors(PubSubConfig.Sqs config) {
        this.config = config;
    }

    /** Runs one SDK call, describing its failure. */
    <T> T call(String what, Supplier<T> call) throws BrokerException {
        try {
            return call.get();
        } catch (RuntimeException e) {
            throw describe(what, e);
        }
    }

    /** Whether {@code e} says SQS could not be reached at all (rather than answered with an error). */
    boolean isConnectionProblem(Throwable e) {
        return e instanceof SdkClientException && !(e instanceof AwsServiceException) && networkCause(e) != null;
    }

    /** {@code e}, thrown while doing {@code what}, in plain words. */
    BrokerException describe(String what, Throwable e) {
        if (e instanceof BrokerException broker) {
            return broker;
        }
        if (e instanceof QueueDoesNotExistException) {
            return new BrokerException("queue " + config.queueName() + " does not exist in region "
                    + config.defaultRegion() + where(), e);
        }
        if (e instanceof AwsServiceException service) {
            String code = service.awsErrorDetails() == null ? null : service.awsErrorDetails().errorCode();
            int status = service.statusCode();
            if (code != null && MISSING_QUEUE_CODES.contains(code)) {
                return new BrokerException("queue " + config.queueName() + " does not exist in region "
                        + config.defaultRegion() + where(), e);
            }
            if (code != null && DENIED_CODES.contains(code)) {
                return new BrokerException("access denied for access key " + mask(config.accessKeyId()) + " to queue "
                        + config.queueName() + " (the key's policy must allow sqs:ReceiveMessage, sqs:DeleteMessage "
                        + "and sqs:GetQueueUrl)", e);
            }
            if ((code != null && AUTH_CODES.contains(code)) || status == 401 || status == 403) {
                return new BrokerException("authentication failed for access key " + mask(config.accessKeyId())
                        + " (check the access key and secret" + (code == null ? "" : "; SQS said " + code) + ")", e);
            }
            String message = service.awsErrorDetails() == null ? service.getMessage()
                    : service.awsErrorDetails().errorMessage();
            return new BrokerException("SQS refused to " + what + " on queue " + config.queueName() + ": "
                    + (code == null ? "HTTP " + status : code) + (message == null ? "" : " " + message), e);
        }
        Throwable network = networkCause(e);
        if (network instanceof UnknownHostException) {
            return new BrokerException("cannot connect to " + host() + " (unknown host)", e);
        }
        if (network instanceof SSLException) {
            return new BrokerException("cannot connect to " + host() + " (TLS failed: " + network.getMessage() + ")", e);
        }
        if (network != null) {
            return new BrokerException("cannot connect to " + host() + " (" + plain(network) + ")", e);
        }
        return new BrokerException("could not " + what + " on SQS at " + host() + ": " + plain(e), e);
    }

    /** Where requests go: the endpoint override, else the region's SQS host. */
    String host() {
        if (config.endpoint() != null && !config.endpoint().isBlank()) {
            return config.endpoint().strip();
        }
        return "sqs." + config.defaultRegion() + ".amazonaws.com";
    }

    private String where() {
        return config.endpoint() == null || config.endpoint().isBlank() ? "" : " at " + config.endpoint().strip();
    }

    /** {@code AKIAIOSFODNN7EXAMPLE} → {@code AKIA…MPLE}; short keys show less. Never the whole key. */
    static String mask(String accessKeyId) {
        if (accessKeyId == null || accessKeyId.isBlank()) {
            return "(none)";
        }
        String key = accessKeyId.strip();
        if (key.length() >= 16) {
            return key.substring(0, 4) + "…" + key.substring(key.length() - 4);
        }
        if (key.length() >= 6) {
            return key.substring(0, 2) + "…";
        }
        return "…";
    }

    private static Throwable networkCause(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof ConnectException || t instanceof UnknownHostException
                    || t instanceof NoRouteToHostException || t instanceof SocketTimeoutException
                    || t instanceof SSLException || (t instanceof java.net.SocketException)) {
                return t;
            }
            if (t instanceof InterruptedIOException && !(t instanceof SocketTimeoutException)) {
                return null;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return null;
    }

    private static String plain(Throwable e) {
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return message.length() > 200 ? message.substring(0, 200) + "…" : message;
    }
}
