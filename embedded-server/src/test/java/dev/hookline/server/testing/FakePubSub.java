package dev.hookline.server.testing;

import com.google.protobuf.ByteString;
import com.google.protobuf.Empty;
import com.google.protobuf.Timestamp;
import com.google.pubsub.v1.AcknowledgeRequest;
import com.google.pubsub.v1.DeadLetterPolicy;
import com.google.pubsub.v1.GetSubscriptionRequest;
import com.google.pubsub.v1.ModifyAckDeadlineRequest;
import com.google.pubsub.v1.PubsubMessage;
import com.google.pubsub.v1.PullRequest;
import com.google.pubsub.v1.PullResponse;
import com.google.pubsub.v1.ReceivedMessage;
import com.google.pubsub.v1.SubscriberGrpc;
import com.google.pubsub.v1.Subscription;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * An in-process fake of Google Pub/Sub's subscriber gRPC API on a loopback port: {@code GetSubscription},
 * {@code Pull} (long poll), {@code Acknowledge} and {@code ModifyAckDeadline}, with Pub/Sub's at-least-once rules:
 * a pulled message is leased for the subscription's ack deadline and delivered again once the lease runs out or is
 * set to 0 (a nack), until it is acknowledged. A subscription with a dead-letter policy moves a message to its
 * dead-letter topic instead of delivering it a {@code max_delivery_attempts + 1}th time, and sets
 * {@code delivery_attempt}. {@code StreamingPull} answers UNIMPLEMENTED (as the base class does).
 *
 * <p>Point a consumer at it with {@code hookline.pubsub.emulatorHost = fake.hostPort()}. The state survives
 * {@link #stop()} + {@link #start()} (a broker that goes away and comes back on the same port).
 */
public final class FakePubSub implements AutoCloseable {

    /** One message in one subscription, as the fake tracks it. */
    public static final class Message {
        final String id;
        final PubsubMessage message;
        int deliveries;
        long leasedUntilNanos;
        String ackId;
        boolean acked;
        boolean deadLettered;

        Message(String id, PubsubMessage message) {
            this.id = id;
            this.message = message;
        }
    }

    private static final class Sub {
        final Subscription info;
        final List<Message> messages = new ArrayList<>();

        Sub(Subscription info) {
            this.info = info;
        }
    }

    private final Object lock = new Object();
    private final Map<String, Sub> subscriptions = new LinkedHashMap<>();
    private final AtomicLong ids = new AtomicLong();
    private final List<String> calls = new ArrayList<>();
    private volatile Status failEverything;
    private volatile boolean denyGetSubscription;
    private volatile Duration pullWait = Duration.ofMillis(500);
    private volatile int maxPerPull = Integer.MAX_VALUE;
    private volatile Duration pullDelay = Duration.ZERO;
    private int port;
    private Server server;

    private FakePubSub() {
    }

    /** A fake on a free loopback port. */
    public static FakePubSub start() throws IOException {
        FakePubSub fake = new FakePubSub();
        fake.startOn(0);
        return fake;
    }

    /** Starts it again on the port it had (after {@link #stop()}). */
    public void restart() throws IOException {
        startOn(port);
    }

    private void startOn(int wanted) throws IOException {
        server = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", wanted))
                .executor(Executors.newCachedThreadPool(r -> {
                    Thread t = new Thread(r, "fake-pubsub");
                    t.setDaemon(true);
                    return t;
                }))
                .addService(new Service())
                .build()
                .start();
        port = server.getPort();
    }

    /** {@code 127.0.0.1:<port>}, for {@code hookline.pubsub.emulatorHost}. */
    public String hostPort() {
        return "127.0.0.1:" + port;
    }

    /** Goes away: open calls fail, new connections are refused. The messages stay for {@link #restart()}. */
    public void stop() throws InterruptedException {
        if (server != null) {
            server.shutdownNow();
            server.awaitTermination(5, TimeUnit.SECONDS);
            server = null;
        }
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }

    /** Creates a subscription with this ack deadline (Pub/Sub's minimum is 10 s; the fake takes any). */
    public String createSubscription(String project, String id, int ackDeadlineSeconds) {
        return createSubscription(Subscription.newBuilder()
                .setName("projects/" + project + "/subscriptions/" + id)
                .setTopic("projects/" + project + "/topics/" + id + "-topic")
                .setAckDeadlineSeconds(ackDeadlineSeconds)
                .build());
    }

    /** The same, with a dead-letter policy. */
    public String createSubscription(String project, String id, int ackDeadlineSeconds, int maxDeliveryAttempts) {
        return createSubscription(Subscription.newBuilder()
                .setName("projects/" + project + "/subscriptions/" + id)
                .setTopic("projects/" + project + "/topics/" + id + "-topic")
                .setAckDeadlineSeconds(ackDeadlineSeconds)
                .setDeadLetterPolicy(DeadLetterPolicy.newBuilder()
                        .setDeadLetterTopic("projects/" + project + "/topics/" + id + "-dead-letter")
                        .setMaxDeliveryAttempts(maxDeliveryAttempts))
                .build());
    }

    private String createSubscription(Subscription subscription) {
        synchronized (lock) {
            subscriptions.put(subscription.getName(), new Sub(subscription));
        }
        return subscription.getName();
    }

    /** Publishes to one subscription (the fake has no topics); returns the message ID. */
    public String publish(String subscription, String data, Map<String, String> attributes) {
        synchronized (lock) {
            Sub sub = subscriptions.get(subscription);
            if (sub == null) {
                throw new IllegalArgumentException("no subscription " + subscription);
            }
            String id = Long.toString(1_000_000 + ids.incrementAndGet());
            Instant now = Instant.now();
            sub.messages.add(new Message(id, PubsubMessage.newBuilder()
                    .setMessageId(id)
                    .setData(ByteString.copyFrom(data, StandardCharsets.UTF_8))
                    .putAllAttributes(attributes)
                    .setPublishTime(Timestamp.newBuilder().setSeconds(now.getEpochSecond()).setNanos(now.getNano()))
                    .build()));
            lock.notifyAll();
            return id;
        }
    }

    /** Every call now fails with this status (null: serve again), like a key without access. */
    public void failEverythingWith(Status status) {
        failEverything = status;
    }

    /**
     * {@code GetSubscription} answers PERMISSION_DENIED, as for a key with only the Pub/Sub Subscriber role (which
     * lacks {@code pubsub.subscriptions.get}); pulls still work.
     */
    public void denyGetSubscription() {
        denyGetSubscription = true;
    }

    /** How long a pull waits for messages before answering with none. */
    public void pullWait(Duration wait) {
        pullWait = wait;
    }

    /**
     * Slows consumers down so a test can act mid-stream: at most {@code maxPerPull} messages per pull, each pull
     * answered no sooner than {@code delay}.
     */
    public void throttle(int maxPerPull, Duration delay) {
        this.maxPerPull = maxPerPull;
        this.pullDelay = delay;
    }

    /** Messages acknowledged so far. */
    public int ackedCount(String subscription) {
        synchronized (lock) {
            return (int) subscriptions.get(subscription).messages.stream().filter(m -> m.acked).count();
        }
    }

    public boolean acked(String subscription, String messageId) {
        return read(subscription, messageId, m -> m.acked);
    }

    public int deliveries(String subscription, String messageId) {
        return read(subscription, messageId, m -> m.deliveries);
    }

    public boolean deadLettered(String subscription, String messageId) {
        return read(subscription, messageId, m -> m.deadLettered);
    }

    /** Messages neither acknowledged nor dead-lettered. */
    public int outstanding(String subscription) {
        synchronized (lock) {
            return (int) subscriptions.get(subscription).messages.stream()
                    .filter(m -> !m.acked && !m.deadLettered).count();
        }
    }

    /** The RPCs served so far, e.g. {@code "ModifyAckDeadline 0 x1"}, {@code "Acknowledge x3"}. */
    public List<String> calls() {
        synchronized (lock) {
            return List.copyOf(calls);
        }
    }

    private <T> T read(String subscription, String messageId, java.util.function.Function<Message, T> what) {
        synchronized (lock) {
            for (Message m : subscriptions.get(subscription).messages) {
                if (m.id.equals(messageId)) {
                    return what.apply(m);
                }
            }
            throw new IllegalArgumentException("no message " + messageId + " in " + subscription);
        }
    }

    /** Waits (bounded) until {@code condition} holds ({@link Await#until}). */
    public static void await(String what, Duration timeout, BooleanSupplier condition) {
        Await.until(timeout, what, condition);
    }

    private final class Service extends SubscriberGrpc.SubscriberImplBase {

        private boolean failed(StreamObserver<?> observer) {
            Status status = failEverything;
            if (status != null) {
                observer.onError(status.asRuntimeException());
                return true;
            }
            return false;
        }

        private Sub sub(String name, StreamObserver<?> observer) {
            Sub sub = subscriptions.get(name);
            if (sub == null) {
                observer.onError(Status.NOT_FOUND.withDescription("Resource not found (resource=" + name + ").")
                        .asRuntimeException());
            }
            return sub;
        }

        @Override
        public void getSubscription(GetSubscriptionRequest request, StreamObserver<Subscription> observer) {
            if (failed(observer)) {
                return;
            }
            if (denyGetSubscription) {
                observer.onError(Status.PERMISSION_DENIED.withDescription("User not authorized to perform this "
                        + "action.").asRuntimeException());
                return;
            }
            Subscription info;
            synchronized (lock) {
                calls.add("GetSubscription");
                Sub sub = sub(request.getSubscription(), observer);
                if (sub == null) {
                    return;
                }
                info = sub.info;
            }
            observer.onNext(info);
            observer.onCompleted();
        }

        @Override
        public void pull(PullRequest request, StreamObserver<PullResponse> observer) {
            if (failed(observer)) {
                return;
            }
            ServerCallStreamObserver<PullResponse> call = (ServerCallStreamObserver<PullResponse>) observer;
            PullResponse.Builder response = PullResponse.newBuilder();
            long deadline = System.nanoTime() + pullWait.toNanos();
            long notBefore = System.nanoTime() + pullDelay.toNanos();
            synchronized (lock) {
                calls.add("Pull");
                Sub sub = sub(request.getSubscription(), observer);
                if (sub == null) {
                    return;
                }
                int max = Math.min(maxPerPull, request.getMaxMessages() > 0 ? request.getMaxMessages() : 100);
                while (true) {
                    long now = System.nanoTime();
                    if (now < notBefore) {
                        try {
                            TimeUnit.NANOSECONDS.timedWait(lock, notBefore - now);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            break;
                        }
                        continue;
                    }
                    for (Message m : sub.messages) {
                        if (response.getReceivedMessagesCount() >= max) {
                            break;
                        }
                        if (m.acked || m.deadLettered || m.leasedUntilNanos > now) {
                            continue;
                        }
                        DeadLetterPolicy dlp = sub.info.hasDeadLetterPolicy() ? sub.info.getDeadLetterPolicy() : null;
                        if (dlp != null && m.deliveries >= dlp.getMaxDeliveryAttempts()) {
                            m.deadLettered = true;
                            continue;
                        }
                        m.deliveries++;
                        m.ackId = m.id + "-" + m.deliveries;
                        m.leasedUntilNanos = now + TimeUnit.SECONDS.toNanos(sub.info.getAckDeadlineSeconds());
                        ReceivedMessage.Builder received = ReceivedMessage.newBuilder().setAckId(m.ackId)
                                .setMessage(m.message);
                        if (dlp != null) {
                            received.setDeliveryAttempt(m.deliveries);
                        }
                        response.addReceivedMessages(received);
                    }
                    long left = deadline - System.nanoTime();
                    if (response.getReceivedMessagesCount() > 0 || left <= 0 || call.isCancelled()
                            || server == null) {
                        break;
                    }
                    // wake up for new messages, for leases running out, and to notice a cancelled call
                    long nextLease = Long.MAX_VALUE;
                    for (Message m : sub.messages) {
                        if (!m.acked && !m.deadLettered && m.leasedUntilNanos > now) {
                            nextLease = Math.min(nextLease, m.leasedUntilNanos - now);
                        }
                    }
                    long wait = Math.min(Math.min(left, nextLease), TimeUnit.MILLISECONDS.toNanos(50));
                    try {
                        TimeUnit.NANOSECONDS.timedWait(lock, Math.max(wait, 1));
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        break;
                    }
                }
            }
            if (call.isCancelled()) {
                // the client went away: what was leased comes back when the lease runs out, as in Pub/Sub
                return;
            }
            observer.onNext(response.build());
            observer.onCompleted();
        }

        @Override
        public void acknowledge(AcknowledgeRequest request, StreamObserver<Empty> observer) {
            if (failed(observer)) {
                return;
            }
            synchronized (lock) {
                calls.add("Acknowledge x" + request.getAckIdsCount());
                Sub sub = sub(request.getSubscription(), observer);
                if (sub == null) {
                    return;
                }
                for (Message m : sub.messages) {
                    if (m.ackId != null && request.getAckIdsList().contains(m.ackId)) {
                        m.acked = true;
                    }
                }
                lock.notifyAll();
            }
            observer.onNext(Empty.getDefaultInstance());
            observer.onCompleted();
        }

        @Override
        public void modifyAckDeadline(ModifyAckDeadlineRequest request, StreamObserver<Empty> observer) {
            if (failed(observer)) {
                return;
            }
            synchronized (lock) {
                calls.add("ModifyAckDeadline " + request.getAckDeadlineSeconds() + " x" + request.getAckIdsCount());
                Sub sub = sub(request.getSubscription(), observer);
                if (sub == null) {
                    return;
                }
                long now = System.nanoTime();
                for (Message m : sub.messages) {
                    if (m.ackId != null && !m.acked && request.getAckIdsList().contains(m.ackId)) {
                        m.leasedUntilNanos = request.getAckDeadlineSeconds() == 0 ? 0
                                : now + TimeUnit.SECONDS.toNanos(request.getAckDeadlineSeconds());
                    }
                }
                lock.notifyAll();
            }
            observer.onNext(Empty.getDefaultInstance());
            observer.onCompleted();
        }
    }
}
