package dev.hookline.server.brokers.sqs;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.Source;
import dev.hookline.server.brokers.BrokerConsumer;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.SqsClientBuilder;
import software.amazon.awssdk.services.sqs.model.ChangeMessageVisibilityBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchRequestEntry;
import software.amazon.awssdk.services.sqs.model.DeleteMessageBatchResponse;
import software.amazon.awssdk.services.sqs.model.Message;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.MessageSystemAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;

/**
 * Consumes one {@code pub_sub} source of type {@code sqs} with the AWS SDK for Java v2 and its light
 * {@code url-connection-client}.
 *
 * <p>{@link #run} resolves the queue URL (and the queue's dead-letter queue, when its redrive policy names one), then
 * starts the source's {@code workers} worker threads. Each long-polls ReceiveMessage (up to 10 messages), hands every
 * message to the sink and, once the whole batch is handled, deletes the accepted and rejected ones with one
 * DeleteMessageBatch. So a message leaves the queue only after its event is committed.
 *
 * <ul>
 *   <li>Rejected (can never become an event): moved to the queue's dead-letter queue when its redrive policy has one
 *       (a copy with the attribute {@code x-hookline-rejection-reason}), then deleted; else just deleted. The
 *       supervisor's sink logs it (without the payload) and keeps the reason in the source's status.</li>
 *   <li>Any other failure of the sink: the message and the rest of its batch are made visible again at once
 *       (ChangeMessageVisibility 0), the accepted ones deleted, and {@link #run} throws so the supervisor backs off
 *       and starts a new consumer.</li>
 *   <li>A failing poll (SQS unreachable, credentials revoked, queue deleted): {@link #run} throws a
 *       {@link BrokerException} in plain words.</li>
 *   <li>{@link #close}: workers finish the poll in flight (at most {@value #DEFAULT_WAIT_SECONDS} s) and its batch,
 *       then {@link #run} returns.</li>
 * </ul>
 */
public final class SqsConsumer implements BrokerConsumer {

    private static final Logger LOG = LoggerFactory.getLogger(SqsConsumer.class);

    /**
     * Long-poll wait. close() lets a poll in flight finish (interrupting it could drop a response that SQS already
     * took messages out of the queue for: they would stay invisible for the whole visibility timeout), so this is
     * also how long close() may take when the queue is idle.
     */
    static final int DEFAULT_WAIT_SECONDS = 5;
    /** Beyond the long-poll wait, how long close() waits for a worker before interrupting it. */
    private static final long STOP_GRACE_MILLIS = 3_000;
    /** The attribute a rejected message's dead-letter copy carries, with the reason. */
    public static final String REJECTION_REASON_ATTRIBUTE = "x-hookline-rejection-reason";
    private static final int MAX_ATTRIBUTES = 10;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String sourceId;
    private final PubSubConfig.Sqs config;
    private final int workers;
    private final int waitSeconds;

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final List<Worker> running = new CopyOnWriteArrayList<>();
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    /** close() was called. */
    private volatile boolean closed;
    /** Workers stop: closed, or a worker failed. */
    private volatile boolean stopping;
    private final ReentrantLock setupLock = new ReentrantLock();
    private volatile Thread setupThread;

    public SqsConsumer(Source source) {
        this(source, DEFAULT_WAIT_SECONDS);
    }

    /** With another long-poll wait (tests: a short one). */
    SqsConsumer(Source source, int waitSeconds) {
        PubSubConfig pubSub = source.pubSub();
        this.sourceId = source.uid();
        this.config = pubSub.sqs();
        this.workers = pubSub.workers() == null || pubSub.workers() < 1 ? 1 : pubSub.workers();
        this.waitSeconds = Math.max(0, Math.min(20, waitSeconds));
    }

    @Override
    public void run(MessageSink sink, Runnable consuming) throws Exception {
        SqsErrors errors = new SqsErrors(config);
        try (SqsClient client = client(errors)) {
            String queueUrl;
            String deadLetterUrl;
            setupThread = Thread.currentThread();
            try {
                if (closed) {
                    return;
                }
                queueUrl = errors.call("resolve queue",
                        () -> client.getQueueUrl(b -> b.queueName(config.queueName())).queueUrl());
                deadLetterUrl = deadLetterQueueUrl(client, queueUrl, errors);
            } catch (BrokerException e) {
                if (closed) {
                    return;
                }
                throw e;
            } finally {
                setupLock.lock();
                try {
                    setupThread = null;
                } finally {
                    setupLock.unlock();
                }
                Thread.interrupted();
            }
            for (int i = 0; i < workers; i++) {
                Worker worker = new Worker(client, queueUrl, deadLetterUrl, sink, errors);
                // platform threads: few, long-lived, and HttpURLConnection may pin a virtual thread's carrier on JDK 21
                worker.thread = Thread.ofPlatform().daemon().name("sqs-" + sourceId + "-" + i).unstarted(worker);
                running.add(worker);
            }
            if (closed) {
                return;
            }
            LOG.info("sqs source {}: consuming queue {} with {} worker(s){}", sourceId, queueUrl, workers,
                    deadLetterUrl == null ? "" : ", rejected messages go to " + deadLetterUrl);
            running.forEach(w -> w.thread.start());
            consuming.run();
            lock.lock();
            try {
                while (!closed && failure.get() == null) {
                    changed.await();
                }
            } finally {
                lock.unlock();
            }
            boolean closedByCaller = closed;
            stopWorkers();
            Exception failed = failure.get();
            if (failed != null && !closedByCaller) {
                throw failed;
            }
        } finally {
            stopWorkers();
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            stopping = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        setupLock.lock();
        try {
            if (setupThread != null) {
                setupThread.interrupt(); // a GetQueueUrl that hangs on an unresponsive endpoint
            }
        } finally {
            setupLock.unlock();
        }
    }

    /**
     * Lets every worker finish its poll and the batch it brought (so no received message is left invisible), waiting
     * at most the long-poll wait plus a grace; then interrupts a worker still in a poll (a hung connection).
     */
    private void stopWorkers() throws InterruptedException {
        stopping = true;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(waitSeconds)
                + TimeUnit.MILLISECONDS.toNanos(STOP_GRACE_MILLIS);
        for (Worker worker : running) {
            join(worker, deadline);
        }
        running.forEach(Worker::interruptPoll);
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
        for (Worker worker : running) {
            join(worker, deadline);
        }
    }

    private static void join(Worker worker, long deadline) throws InterruptedException {
        Thread thread = worker.thread;
        if (thread != null && thread.isAlive()) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                thread.join(Duration.ofNanos(left));
            }
        }
    }

    private void fail(Exception e) {
        if (failure.compareAndSet(null, e)) {
            stopping = true;
            lock.lock();
            try {
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    private SqsClient client(SqsErrors errors) throws BrokerException {
        SqsClientBuilder builder = SqsClient.builder()
                .region(Region.of(config.defaultRegion()))
                .credentialsProvider(StaticCredentialsProvider.create(
                        AwsBasicCredentials.create(config.accessKeyId(), config.secretKey())))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(Duration.ofSeconds(5))
                        .socketTimeout(Duration.ofSeconds(waitSeconds + 15L)))
                // bounds every call, a hung one included (the SDK aborts it by closing its connection)
                .overrideConfiguration(o -> o.apiCallAttemptTimeout(Duration.ofSeconds(waitSeconds + 10L)));
        if (config.endpoint() != null && !config.endpoint().isBlank()) {
            builder.endpointOverride(endpoint(config.endpoint()));
        }
        try {
            return builder.build();
        } catch (RuntimeException e) {
            throw errors.describe("connect", e);
        }
    }

    /** The endpoint override as a URI; {@code host:port} alone means https, as the AWS CLI reads it. */
    static URI endpoint(String endpoint) throws BrokerException {
        String text = endpoint.strip();
        if (!text.contains("://")) {
            text = "https://" + text;
        }
        try {
            URI uri = new URI(text);
            if (uri.getHost() == null || !(uri.getScheme().equals("http") || uri.getScheme().equals("https"))) {
                throw new BrokerException("endpoint " + endpoint + " is not an http or https URL");
            }
            return uri;
        } catch (java.net.URISyntaxException e) {
            throw new BrokerException("endpoint " + endpoint + " is not a valid URL", e);
        }
    }

    /**
     * The URL of the dead-letter queue the queue's redrive policy names, or null (none, or not allowed to read the
     * queue's attributes: then rejected messages are just deleted).
     */
    private String deadLetterQueueUrl(SqsClient client, String queueUrl, SqsErrors errors) throws BrokerException {
        String policy;
        try {
            policy = client.getQueueAttributes(b -> b.queueUrl(queueUrl).attributeNames(QueueAttributeName.REDRIVE_POLICY))
                    .attributes().get(QueueAttributeName.REDRIVE_POLICY);
        } catch (RuntimeException e) {
            BrokerException described = errors.describe("read queue attributes", e);
            if (errors.isConnectionProblem(e)) {
                throw described;
            }
            LOG.warn("sqs source {}: cannot read the redrive policy of {} ({}); rejected messages will be deleted",
                    sourceId, config.queueName(), described.getMessage());
            return null;
        }
        String arn = deadLetterTargetArn(policy);
        if (arn == null) {
            return null;
        }
        String[] parts = arn.split(":", 6);
        if (parts.length < 6) {
            LOG.warn("sqs source {}: redrive policy of {} names no usable dead-letter queue ({})", sourceId,
                    config.queueName(), arn);
            return null;
        }
        String account = parts[4];
        String name = parts[5];
        try {
            return client.getQueueUrl(b -> {
                b.queueName(name);
                if (!account.isBlank()) {
                    b.queueOwnerAWSAccountId(account);
                }
            }).queueUrl();
        } catch (QueueDoesNotExistException e) {
            // rejected messages would have nowhere to go that the user asked for: say so rather than drop them
            throw new BrokerException("dead-letter queue " + name + " (from the redrive policy of queue "
                    + config.queueName() + ") does not exist", e);
        } catch (RuntimeException e) {
            throw errors.describe("resolve dead-letter queue " + name, e);
        }
    }

    /** The {@code deadLetterTargetArn} of a queue's RedrivePolicy attribute (JSON), or null. */
    static String deadLetterTargetArn(String redrivePolicy) {
        if (redrivePolicy == null || redrivePolicy.isBlank()) {
            return null;
        }
        try {
            String arn = JSON.readTree(redrivePolicy).path("deadLetterTargetArn").asText("");
            return arn.isBlank() ? null : arn;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    /** The last path segment of a queue URL: its name. */
    static String queueName(String queueUrl) {
        return queueUrl.substring(queueUrl.lastIndexOf('/') + 1);
    }

    /** The headers a message hands the sink: its message attributes as text (binary ones as base64). */
    static Map<String, String> headers(Message message) {
        Map<String, String> headers = new LinkedHashMap<>();
        message.messageAttributes().forEach((name, value) -> {
            if (value.stringValue() != null) {
                headers.put(name, value.stringValue());
            } else if (value.binaryValue() != null) {
                headers.put(name, Base64.getEncoder().encodeToString(value.binaryValue().asByteArray()));
            }
        });
        return headers;
    }

    /** One worker: polls, hands the batch to the sink, deletes what is done. */
    private final class Worker implements Runnable {

        private final SqsClient client;
        private final String queueUrl;
        private final String deadLetterUrl;
        private final MessageSink sink;
        private final SqsErrors errors;
        private final ReentrantLock pollLock = new ReentrantLock();
        private boolean polling;
        private volatile Thread thread;

        Worker(SqsClient client, String queueUrl, String deadLetterUrl, MessageSink sink, SqsErrors errors) {
            this.client = client;
            this.queueUrl = queueUrl;
            this.deadLetterUrl = deadLetterUrl;
            this.sink = sink;
            this.errors = errors;
        }

        /**
         * Last resort of stopWorkers: interrupts the thread only while it waits in a poll, never while the sink stores
         * or a delete runs.
         */
        void interruptPoll() {
            pollLock.lock();
            try {
                if (polling && thread != null) {
                    thread.interrupt();
                }
            } finally {
                pollLock.unlock();
            }
        }

        @Override
        public void run() {
            try {
                while (!stopping) {
                    List<Message> batch = poll();
                    if (batch == null) {
                        return;
                    }
                    if (!batch.isEmpty()) {
                        handle(batch);
                    }
                }
            } catch (Exception e) {
                if (!stopping) {
                    fail(e);
                }
            } catch (Throwable t) {
                fail(new BrokerException("the consumer of queue " + config.queueName() + " stopped: " + t, t));
                throw t;
            }
        }

        /** One long poll; null when stopping (before it, or interrupted as a last resort). */
        private List<Message> poll() throws BrokerException {
            pollLock.lock();
            try {
                if (stopping) {
                    return null;
                }
                polling = true;
            } finally {
                pollLock.unlock();
            }
            try {
                return client.receiveMessage(b -> b.queueUrl(queueUrl)
                        .maxNumberOfMessages(10)
                        .waitTimeSeconds(waitSeconds)
                        .messageAttributeNames("All")
                        .messageSystemAttributeNames(MessageSystemAttributeName.ALL)).messages();
            } catch (RuntimeException e) {
                if (stopping) {
                    return null;
                }
                throw errors.describe("receive messages", e);
            } finally {
                pollLock.lock();
                try {
                    polling = false;
                } finally {
                    pollLock.unlock();
                }
                Thread.interrupted(); // an interrupt aimed at the poll must not reach the sink
            }
        }

        private void handle(List<Message> batch) throws BrokerException {
            List<Message> done = new ArrayList<>(batch.size());
            for (int i = 0; i < batch.size(); i++) {
                Message message = batch.get(i);
                try {
                    sink.accept(new BrokerMessage(message.body(), headers(message), message.messageId()));
                    done.add(message);
                } catch (RejectedMessageException rejected) {
                    // the supervisor's sink already logged the rejection with its reason (never the payload)
                    if (deadLetterUrl != null) {
                        try {
                            toDeadLetterQueue(message, rejected.reason());
                        } catch (RuntimeException e) {
                            release(batch.subList(i, batch.size()));
                            delete(done);
                            throw new BrokerException("could not copy rejected message " + message.messageId()
                                    + " to the dead-letter queue " + queueName(deadLetterUrl) + ": "
                                    + (e instanceof QueueDoesNotExistException ? "it does not exist"
                                    : errors.describe("send to the dead-letter queue", e).getMessage()), e);
                        }
                        LOG.info("sqs source {}: rejected message {} copied to dead-letter queue {}", sourceId,
                                message.messageId(), queueName(deadLetterUrl));
                    }
                    done.add(message);
                } catch (RuntimeException e) {
                    LOG.warn("sqs source {}: could not store message {} from queue {}; it stays in the queue",
                            sourceId, message.messageId(), config.queueName(), e);
                    release(batch.subList(i, batch.size()));
                    delete(done);
                    throw new BrokerException("could not store message " + message.messageId() + " from queue "
                            + config.queueName() + ": " + (e.getMessage() == null ? e.toString() : e.getMessage()), e);
                }
            }
            delete(done);
        }

        private void toDeadLetterQueue(Message message, String reason) {
            Map<String, MessageAttributeValue> attributes = new LinkedHashMap<>(message.messageAttributes());
            if (attributes.size() < MAX_ATTRIBUTES) {
                attributes.put(REJECTION_REASON_ATTRIBUTE, MessageAttributeValue.builder().dataType("String")
                        .stringValue(reason.isBlank() ? "rejected" : reason).build());
            }
            client.sendMessage(b -> {
                b.queueUrl(deadLetterUrl).messageBody(message.body()).messageAttributes(attributes);
                if (deadLetterUrl.endsWith(".fifo")) {
                    String group = message.attributes().get(MessageSystemAttributeName.MESSAGE_GROUP_ID);
                    b.messageGroupId(group == null ? "rejected" : group).messageDeduplicationId(message.messageId());
                }
            });
        }

        /** Deletes the handled messages of a batch; one whose receipt expired comes back and is stored again. */
        private void delete(List<Message> done) throws BrokerException {
            if (done.isEmpty()) {
                return;
            }
            List<DeleteMessageBatchRequestEntry> entries = new ArrayList<>(done.size());
            for (int i = 0; i < done.size(); i++) {
                entries.add(DeleteMessageBatchRequestEntry.builder().id(Integer.toString(i))
                        .receiptHandle(done.get(i).receiptHandle()).build());
            }
            DeleteMessageBatchResponse response;
            try {
                response = client.deleteMessageBatch(b -> b.queueUrl(queueUrl).entries(entries));
            } catch (RuntimeException e) {
                throw errors.describe("delete handled messages", e);
            }
            response.failed().forEach(f -> LOG.warn(
                    "sqs source {}: could not delete handled message {} from queue {} ({}: {}); it will be received "
                            + "again", sourceId, done.get(Integer.parseInt(f.id())).messageId(), config.queueName(),
                    f.code(), f.message()));
        }

        /** Makes messages visible again at once, so a retry gets them without waiting for the visibility timeout. */
        private void release(List<Message> messages) {
            if (messages.isEmpty()) {
                return;
            }
            List<ChangeMessageVisibilityBatchRequestEntry> entries = new ArrayList<>(messages.size());
            for (int i = 0; i < messages.size(); i++) {
                entries.add(ChangeMessageVisibilityBatchRequestEntry.builder().id(Integer.toString(i))
                        .receiptHandle(messages.get(i).receiptHandle()).visibilityTimeout(0).build());
            }
            try {
                client.changeMessageVisibilityBatch(b -> b.queueUrl(queueUrl).entries(entries));
            } catch (RuntimeException e) {
                LOG.debug("sqs source {}: could not release messages early; they come back after the visibility "
                        + "timeout", sourceId, e);
            }
        }
    }
}
