package dev.hookline.server.brokers.google;

import com.google.api.core.ApiFuture;
import com.google.api.gax.core.FixedCredentialsProvider;
import com.google.api.gax.core.NoCredentialsProvider;
import com.google.api.gax.grpc.GrpcTransportChannel;
import com.google.api.gax.retrying.RetrySettings;
import com.google.api.gax.rpc.ApiException;
import com.google.api.gax.rpc.FixedTransportChannelProvider;
import com.google.api.gax.rpc.StatusCode;
import com.google.api.gax.rpc.UnaryCallable;
import com.google.cloud.pubsub.v1.stub.GrpcSubscriberStub;
import com.google.cloud.pubsub.v1.stub.SubscriberStub;
import com.google.cloud.pubsub.v1.stub.SubscriberStubSettings;
import com.google.pubsub.v1.AcknowledgeRequest;
import com.google.pubsub.v1.GetSubscriptionRequest;
import com.google.pubsub.v1.ModifyAckDeadlineRequest;
import com.google.pubsub.v1.PullRequest;
import com.google.pubsub.v1.PullResponse;
import com.google.pubsub.v1.ReceivedMessage;
import com.google.pubsub.v1.Subscription;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.io.IOException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Consumes a Google Pub/Sub subscription with synchronous pulls ({@code Pull}, {@code Acknowledge},
 * {@code ModifyAckDeadline}: unary RPCs through the client library's {@link SubscriberStub}), one pull loop per
 * {@code workers}. A message is acknowledged only after {@link MessageSink#accept} returned, that is after its event
 * was committed. See ADR 0019.
 *
 * <ul>
 *   <li>At start it reads the subscription ({@code GetSubscription}) so that a missing subscription, a key without
 *       access or an unreachable endpoint fails at once, in plain words. A key with only the Pub/Sub Subscriber role
 *       may pull but not read the subscription: then the first pull decides, with an ack deadline of 10 s assumed.</li>
 *   <li>A rejected message (not Convoy's shape, unknown endpoint...) is acknowledged, so it is dropped; except when
 *       the subscription has a dead-letter policy (or the message carries a delivery attempt, which Pub/Sub sets only
 *       then): then it is nacked, and Pub/Sub forwards it to the dead-letter topic after the policy's maximum
 *       delivery attempts.</li>
 *   <li>A message the sink could not store (any other exception) is nacked, so Pub/Sub delivers it again, and
 *       {@link #run} throws: the supervisor shows the failure and tries again after a backoff.</li>
 *   <li>A batch that takes longer than half the subscription's ack deadline has its lease extended.</li>
 *   <li>{@value #EMULATOR_HOST_PROPERTY} (system property) or {@value #EMULATOR_HOST_ENV} (Google's environment
 *       variable for the emulator) sends everything to that {@code host:port} over plaintext gRPC without
 *       credentials: the Pub/Sub emulator, or the tests' fake.</li>
 * </ul>
 */
public final class PubSubConsumer implements BrokerConsumer {

    /** System property with the {@code host:port} of a Pub/Sub emulator; wins over the environment variable. */
    public static final String EMULATOR_HOST_PROPERTY = "hookline.pubsub.emulatorHost";
    /** Google's convention for the Pub/Sub emulator (set by {@code gcloud beta emulators pubsub env-init}). */
    public static final String EMULATOR_HOST_ENV = "PUBSUB_EMULATOR_HOST";

    static final int MAX_MESSAGES_PER_PULL = 10;
    static final Duration DEFAULT_RPC_BUDGET = Duration.ofSeconds(15);

    private static final Logger LOG = LoggerFactory.getLogger(PubSubConsumer.class);
    /**
     * gRPC logs every failed name resolution and reconnect of a channel as a warning with a stack trace (through
     * java.util.logging, straight to stderr); the consumer reports the same failure once, in plain words, on the
     * source. Held here because java.util.logging keeps loggers only weakly.
     */
    private static final java.util.logging.Logger GRPC_CHANNEL_LOG =
            java.util.logging.Logger.getLogger("io.grpc.internal.ManagedChannelImpl");

    static {
        GRPC_CHANNEL_LOG.setLevel(java.util.logging.Level.SEVERE);
    }
    private static final String SUBSCRIPTIONS = "/subscriptions/";

    private final String sourceName;
    private final PubSubConfig.Google google;
    private final int workers;
    private final String emulatorHost;
    private final String endpoint;
    private final Duration rpcBudget;
    private final String subscription;

    private volatile boolean closed;
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Set<ApiFuture<?>> cancellable = ConcurrentHashMap.newKeySet();

    /** The consumer of a {@code pub_sub} source of type google. */
    public PubSubConsumer(Source source) {
        this(source.name() == null ? source.uid() : source.name(), source.pubSub(), emulatorHostFromEnvironment(),
                SubscriberStubSettings.getDefaultEndpoint(), DEFAULT_RPC_BUDGET);
    }

    /**
     * @param emulatorHost {@code host:port} of an emulator (plaintext, no credentials), or null for {@code endpoint}
     * @param endpoint     Pub/Sub's TLS endpoint used when there is no emulator
     * @param rpcBudget    how long one call may take, retries of transient failures included
     */
    PubSubConsumer(String sourceName, PubSubConfig config, String emulatorHost, String endpoint, Duration rpcBudget) {
        this.sourceName = sourceName == null ? "" : sourceName;
        this.google = config.google();
        this.workers = config.workers() == null || config.workers() < 1 ? 1 : config.workers();
        this.emulatorHost = emulatorHost == null || emulatorHost.isBlank() ? null : emulatorHost.strip();
        this.endpoint = endpoint;
        this.rpcBudget = rpcBudget;
        this.subscription = subscriptionName(google.projectId(), google.subscriptionId());
    }

    /** {@value #EMULATOR_HOST_PROPERTY} if set, else {@value #EMULATOR_HOST_ENV}, else null. */
    static String emulatorHostFromEnvironment() {
        String property = System.getProperty(EMULATOR_HOST_PROPERTY);
        if (property != null && !property.isBlank()) {
            return property.strip();
        }
        String env = System.getenv(EMULATOR_HOST_ENV);
        return env == null || env.isBlank() ? null : env.strip();
    }

    /**
     * {@code projects/<project_id>/subscriptions/<subscription_id>}; a subscription ID that is already such a full
     * name (people paste it from the console) is taken as it is.
     */
    static String subscriptionName(String projectId, String subscriptionId) {
        String id = subscriptionId == null ? "" : subscriptionId.strip();
        if (id.startsWith("projects/") && id.contains(SUBSCRIPTIONS)) {
            return id;
        }
        return "projects/" + (projectId == null ? "" : projectId.strip()) + SUBSCRIPTIONS + id;
    }

    /** Where the calls go, for messages. */
    String target() {
        return emulatorHost != null ? emulatorHost : endpoint;
    }

    @Override
    public void run(MessageSink sink, Runnable consuming) throws Exception {
        if (closed) {
            return;
        }
        ServiceAccount account = ServiceAccount.decode(google.serviceAccount());
        ManagedChannel ownChannel = null;
        SubscriberStub stub;
        try {
            SubscriberStubSettings.Builder settings = SubscriberStubSettings.newBuilder();
            if (emulatorHost != null) {
                // as the library's own channel: a pull answer holds up to MAX_MESSAGES_PER_PULL messages of 10 MB
                ownChannel = ManagedChannelBuilder.forTarget(emulatorHost).usePlaintext()
                        .maxInboundMessageSize(Integer.MAX_VALUE).build();
                settings.setTransportChannelProvider(
                        FixedTransportChannelProvider.create(GrpcTransportChannel.create(ownChannel)));
                settings.setCredentialsProvider(NoCredentialsProvider.create());
            } else {
                settings.setEndpoint(endpoint);
                settings.setCredentialsProvider(FixedCredentialsProvider.create(
                        account.credentials().createScoped(SubscriberStubSettings.getDefaultServiceScopes())));
            }
            RetrySettings retry = RetrySettings.newBuilder()
                    .setInitialRetryDelayDuration(Duration.ofMillis(100))
                    .setRetryDelayMultiplier(2)
                    .setMaxRetryDelayDuration(Duration.ofSeconds(2))
                    .setInitialRpcTimeoutDuration(rpcBudget)
                    .setRpcTimeoutMultiplier(1)
                    .setMaxRpcTimeoutDuration(rpcBudget)
                    .setTotalTimeoutDuration(rpcBudget)
                    .build();
            Set<StatusCode.Code> transientCodes = Set.of(StatusCode.Code.UNAVAILABLE, StatusCode.Code.ABORTED,
                    StatusCode.Code.UNKNOWN);
            // the first look fails fast (the supervisor retries with backoff); calls once consuming ride out blips
            settings.getSubscriptionSettings().setRetrySettings(retry).setRetryableCodes(Set.of());
            settings.pullSettings().setRetrySettings(retry).setRetryableCodes(transientCodes);
            settings.acknowledgeSettings().setRetrySettings(retry).setRetryableCodes(transientCodes);
            settings.modifyAckDeadlineSettings().setRetrySettings(retry).setRetryableCodes(transientCodes);
            stub = GrpcSubscriberStub.create(settings.build());
        } catch (IOException | RuntimeException e) {
            if (ownChannel != null) {
                ownChannel.shutdownNow();
            }
            throw new BrokerException("cannot set up a Pub/Sub client for " + target() + ": " + e.getMessage(), e);
        }
        try {
            consume(stub, account, sink, consuming);
        } finally {
            stub.shutdownNow();
            if (ownChannel != null) {
                ownChannel.shutdownNow();
            }
            stub.awaitTermination(2, TimeUnit.SECONDS);
        }
    }

    private void consume(SubscriberStub stub, ServiceAccount account, MessageSink sink, Runnable consuming)
            throws Exception {
        Subscription info;
        try {
            info = call(stub.getSubscriptionCallable(),
                    GetSubscriptionRequest.newBuilder().setSubscription(subscription).build(), true);
        } catch (Stopped stopped) {
            return;
        } catch (ApiException e) {
            if (e.getStatusCode().getCode() != StatusCode.Code.PERMISSION_DENIED) {
                throw plainWords(e, account);
            }
            // roles/pubsub.subscriber may pull but not read the subscription (pubsub.subscriptions.get): go on with
            // the defaults, and let the first pull tell whether pulling is allowed
            info = null;
        }
        boolean deadLetter = info != null && info.hasDeadLetterPolicy()
                && !info.getDeadLetterPolicy().getDeadLetterTopic().isBlank();
        int ackDeadlineSeconds = info != null && info.getAckDeadlineSeconds() > 0 ? info.getAckDeadlineSeconds() : 10;
        AtomicBoolean signalled = new AtomicBoolean();
        Runnable once = () -> {
            if (signalled.compareAndSet(false, true)) {
                consuming.run();
            }
        };
        if (info != null) {
            LOG.info("source {}: consuming {} at {} with {} worker(s){}", sourceName, subscription, target(), workers,
                    deadLetter ? ", rejected messages go to " + info.getDeadLetterPolicy().getDeadLetterTopic() : "");
            once.run();
        } else {
            LOG.info("source {}: the service account {} may not read the settings of {} (pubsub.subscriptions.get); "
                    + "assuming an ack deadline of {} s, and a dead-letter policy only for messages that carry a "
                    + "delivery attempt", sourceName, account.clientEmail(), subscription, ackDeadlineSeconds);
        }

        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            Worker worker = new Worker(stub, account, sink, deadLetter, ackDeadlineSeconds, once);
            threads.add(Thread.ofPlatform().daemon().name("pubsub-" + sourceName + "-" + i).start(worker));
        }
        try {
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            close();
            for (Thread thread : threads) {
                thread.join(2_000);
            }
            return;
        }
        Exception failed = failure.get();
        if (failed != null && !closed) {
            throw failed;
        }
    }

    @Override
    public void close() {
        closed = true;
        cancelInFlight();
    }

    private void fail(Exception e) {
        if (failure.compareAndSet(null, e)) {
            cancelInFlight();
        }
    }

    private void cancelInFlight() {
        for (ApiFuture<?> future : cancellable) {
            future.cancel(true);
        }
    }

    private boolean stopping() {
        return closed || failure.get() != null;
    }

    /**
     * One call. A {@code cancellable} one (a pull waiting for messages, the first look at the subscription) ends with
     * {@link Stopped} when the consumer stops; acks and nacks always run to their end so that nothing committed is
     * delivered again for nothing.
     */
    private <Q, R> R call(UnaryCallable<Q, R> callable, Q request, boolean cancellable) throws Stopped {
        ApiFuture<R> future = callable.futureCall(request);
        if (cancellable) {
            this.cancellable.add(future);
            if (stopping()) {
                future.cancel(true);
            }
        }
        try {
            return future.get();
        } catch (CancellationException e) {
            throw new Stopped();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            future.cancel(true);
            throw new Stopped();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ApiException api) {
                if (cancellable && stopping() && api.getStatusCode().getCode() == StatusCode.Code.CANCELLED) {
                    throw new Stopped();
                }
                throw api;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            if (cancellable) {
                this.cancellable.remove(future);
            }
        }
    }

    /** What a Pub/Sub error means for the person looking at the source. */
    BrokerException plainWords(ApiException e, ServiceAccount account) {
        String email = account == null ? "" : account.clientEmail();
        String cause = rootCause(e);
        String words = switch (e.getStatusCode().getCode()) {
            case NOT_FOUND -> "subscription " + subscription + " does not exist";
            case PERMISSION_DENIED -> "the service account " + email + " is not allowed to pull from " + subscription
                    + " (give it the Pub/Sub Subscriber role on the subscription)";
            case UNAUTHENTICATED -> "authentication failed for the service account " + email
                    + (cause.isEmpty() ? "" : ": " + cause);
            case UNAVAILABLE -> authFailure(e)
                    ? "authentication failed for the service account " + email + ": " + cause
                    : "cannot reach Pub/Sub at " + target() + (cause.isEmpty() ? "" : " (" + cause + ")");
            case CANCELLED -> "Pub/Sub at " + target() + " closed the connection"
                    + (cause.isEmpty() ? "" : " (" + cause + ")");
            case DEADLINE_EXCEEDED -> "Pub/Sub at " + target() + " did not answer within " + rpcBudget.toSeconds()
                    + " s";
            case RESOURCE_EXHAUSTED -> "Pub/Sub refused to serve " + subscription + ": quota exceeded"
                    + (cause.isEmpty() ? "" : " (" + cause + ")");
            case INVALID_ARGUMENT -> "Pub/Sub rejected the subscription name " + subscription
                    + (cause.isEmpty() ? "" : " (" + cause + ")");
            default -> "Pub/Sub answered " + e.getStatusCode().getCode() + " for " + subscription
                    + (cause.isEmpty() ? "" : ": " + cause);
        };
        return new BrokerException(words, e);
    }

    /** gRPC reports a failure to get an access token (a revoked or deleted key) as UNAVAILABLE. */
    private static boolean authFailure(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String message = t.getMessage() == null ? "" : t.getMessage();
            if (t.getClass().getName().startsWith("com.google.auth.") || message.contains("Credentials failed")
                    || message.contains("access token")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /** The innermost message of a failure, one line, without gRPC's "UNAVAILABLE: " prefix. */
    private static String rootCause(Throwable e) {
        for (Throwable t = e; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof UnknownHostException) {
                String host = t.getMessage() == null ? "" : t.getMessage().split(":", 2)[0].strip();
                return "unknown host" + (host.isEmpty() ? "" : " " + host);
            }
        }
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = root.getMessage() == null ? "" : root.getMessage().strip();
        message = message.lines().findFirst().orElse("");
        message = message.replaceFirst("^[A-Z_]+: ", "");
        if (message.length() > 200) {
            message = message.substring(0, 200) + "...";
        }
        return message;
    }

    static BrokerMessage toBrokerMessage(ReceivedMessage received) {
        return new BrokerMessage(received.getMessage().getData().toString(StandardCharsets.UTF_8),
                received.getMessage().getAttributesMap(), received.getMessage().getMessageId());
    }

    /** One pull loop. */
    private final class Worker implements Runnable {

        private final SubscriberStub stub;
        private final ServiceAccount account;
        private final MessageSink sink;
        private final boolean deadLetter;
        private final int ackDeadlineSeconds;
        private final Runnable consuming;

        Worker(SubscriberStub stub, ServiceAccount account, MessageSink sink, boolean deadLetter,
               int ackDeadlineSeconds, Runnable consuming) {
            this.stub = stub;
            this.account = account;
            this.sink = sink;
            this.deadLetter = deadLetter;
            this.ackDeadlineSeconds = ackDeadlineSeconds;
            this.consuming = consuming;
        }

        @Override
        public void run() {
            PullRequest pull = PullRequest.newBuilder().setSubscription(subscription)
                    .setMaxMessages(MAX_MESSAGES_PER_PULL).build();
            boolean cancelledBefore = false;
            try {
                while (!stopping()) {
                    PullResponse response;
                    try {
                        response = call(stub.pullCallable(), pull, true);
                    } catch (ApiException e) {
                        StatusCode.Code code = e.getStatusCode().getCode();
                        if (code == StatusCode.Code.DEADLINE_EXCEEDED) {
                            continue; // a long poll that found nothing
                        }
                        if (code == StatusCode.Code.CANCELLED && !cancelledBefore) {
                            // the server dropped the call (going away, or a connection reset): pull again, and
                            // if it is gone the next pull says so
                            cancelledBefore = true;
                            continue;
                        }
                        throw plainWords(e, account);
                    }
                    cancelledBefore = false;
                    consuming.run(); // a pull went through: really consuming (once per consumer)
                    handle(response.getReceivedMessagesList());
                }
            } catch (Stopped stopped) {
                // closed, or another worker failed
            } catch (BrokerException e) {
                fail(e);
            } catch (ApiException e) {
                fail(plainWords(e, account));
            } catch (RuntimeException e) {
                fail(e);
            }
        }

        private void handle(List<ReceivedMessage> messages) throws BrokerException {
            List<String> ack = new ArrayList<>();
            List<String> nack = new ArrayList<>();
            RuntimeException sinkFailure = null;
            long leaseStart = System.nanoTime();
            long halfDeadline = TimeUnit.SECONDS.toNanos(ackDeadlineSeconds) / 2;
            for (int i = 0; i < messages.size(); i++) {
                ReceivedMessage received = messages.get(i);
                if (stopping() || sinkFailure != null) {
                    nack.add(received.getAckId());
                    continue;
                }
                if (System.nanoTime() - leaseStart > halfDeadline) {
                    // slow batch: settle what is done and keep the rest leased
                    settle(ack, nack);
                    ack.clear();
                    nack.clear();
                    extend(messages.subList(i, messages.size()));
                    leaseStart = System.nanoTime();
                }
                BrokerMessage message = toBrokerMessage(received);
                try {
                    sink.accept(message);
                    ack.add(received.getAckId());
                } catch (RejectedMessageException e) {
                    // the supervisor's sink already logged the reason and counted the rejection. Pub/Sub sets a
                    // delivery attempt only on subscriptions with a dead-letter policy.
                    if (deadLetter || received.getDeliveryAttempt() > 0) {
                        LOG.info("source {}: nacked rejected Pub/Sub message {} (delivery attempt {}) so that Pub/Sub "
                                + "moves it to the subscription's dead-letter topic", sourceName, message.messageId(),
                                received.getDeliveryAttempt());
                        nack.add(received.getAckId());
                    } else {
                        ack.add(received.getAckId());
                    }
                } catch (RuntimeException e) {
                    LOG.warn("source {}: could not store Pub/Sub message {}; it stays in {} to be delivered again",
                            sourceName, message.messageId(), subscription, e);
                    nack.add(received.getAckId());
                    sinkFailure = e;
                }
            }
            settle(ack, nack);
            if (sinkFailure != null && !closed) {
                throw new BrokerException("could not store a message from " + subscription
                        + ", it will be delivered again: " + (sinkFailure.getMessage() == null
                        ? sinkFailure.getClass().getSimpleName() : sinkFailure.getMessage()), sinkFailure);
            }
        }

        /** Acks what was stored or dropped; nacks (ack deadline 0) what Pub/Sub should deliver again. */
        private void settle(List<String> ack, List<String> nack) throws BrokerException {
            try {
                if (!ack.isEmpty()) {
                    call(stub.acknowledgeCallable(), AcknowledgeRequest.newBuilder().setSubscription(subscription)
                            .addAllAckIds(ack).build(), false);
                }
                if (!nack.isEmpty()) {
                    call(stub.modifyAckDeadlineCallable(), ModifyAckDeadlineRequest.newBuilder()
                            .setSubscription(subscription).addAllAckIds(nack).setAckDeadlineSeconds(0).build(), false);
                }
            } catch (ApiException e) {
                throw plainWords(e, account);
            } catch (Stopped e) {
                // interrupted while acknowledging: Pub/Sub delivers those messages again, stored as duplicates
            }
        }

        private void extend(List<ReceivedMessage> rest) throws BrokerException {
            List<String> ids = rest.stream().map(ReceivedMessage::getAckId).toList();
            try {
                call(stub.modifyAckDeadlineCallable(), ModifyAckDeadlineRequest.newBuilder()
                        .setSubscription(subscription).addAllAckIds(ids).setAckDeadlineSeconds(ackDeadlineSeconds)
                        .build(), false);
            } catch (ApiException e) {
                throw plainWords(e, account);
            } catch (Stopped e) {
                // see settle
            }
        }
    }

    /** The consumer was closed (or another worker failed) while a call was waiting. */
    private static final class Stopped extends Exception {
        Stopped() {
            super(null, null, false, false);
        }
    }
}
