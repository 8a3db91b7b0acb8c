package dev.hookline.server.brokers.sqs;

import dev.hookline.server.testing.Await;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.model.MessageAttributeValue;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;

/**
 * An SQS-compatible server (ElasticMQ, in memory) on a free loopback port for tests, with an SDK client to set up
 * queues, publish and count. ElasticMQ does not check credentials: any key and secret are accepted.
 */
public final class ElasticMq implements AutoCloseable {

    public static final String REGION = "us-east-1";
    public static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
    public static final String SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

    private final SQSRestServer server;
    private final org.apache.pekko.http.scaladsl.Http.ServerBinding binding;
    private final int port;
    private final SqsClient client;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    private ElasticMq(SQSRestServer server, org.apache.pekko.http.scaladsl.Http.ServerBinding binding) {
        this.server = server;
        this.binding = binding;
        this.port = binding.localAddress().getPort();
        this.client = SqsClient.builder()
                .region(Region.of(REGION))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(ACCESS_KEY, SECRET)))
                .endpointOverride(URI.create(endpoint()))
                .httpClientBuilder(UrlConnectionHttpClient.builder())
                .build();
    }

    public static ElasticMq start() {
        return start(0);
    }

    /** On {@code port} (0: any free one), e.g. to come back where a stopped one was. */
    public static ElasticMq start(int port) {
        // quiet: Pekko's config reads system properties
        System.setProperty("pekko.loglevel", "WARNING");
        System.setProperty("pekko.log-dead-letters", "off");
        System.setProperty("pekko.log-dead-letters-during-shutdown", "off");
        SQSRestServer server = (port == 0 ? SQSRestServerBuilder.withDynamicPort() : SQSRestServerBuilder.withPort(port))
                .withInterface("127.0.0.1")
                .withAWSRegion(REGION)
                .start();
        return new ElasticMq(server, server.waitUntilStarted());
    }

    public int port() {
        return port;
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    public SqsClient client() {
        return client;
    }

    /** Creates {@code name} (visibility timeout 30 s, SQS's default) and returns its URL. */
    public String createQueue(String name) {
        return client.createQueue(b -> b.queueName(name)).queueUrl();
    }

    /** Creates {@code name} whose redrive policy sends messages to {@code deadLetter} after 5 receives. */
    public String createQueueWithDeadLetterQueue(String name, String deadLetter) {
        String dlqUrl = createQueue(deadLetter);
        String arn = client.getQueueAttributes(b -> b.queueUrl(dlqUrl).attributeNames(QueueAttributeName.QUEUE_ARN))
                .attributes().get(QueueAttributeName.QUEUE_ARN);
        return client.createQueue(b -> b.queueName(name).attributes(Map.of(QueueAttributeName.REDRIVE_POLICY,
                "{\"deadLetterTargetArn\":\"" + arn + "\",\"maxReceiveCount\":\"5\"}"))).queueUrl();
    }

    public String queueUrl(String name) {
        return client.getQueueUrl(b -> b.queueName(name)).queueUrl();
    }

    /** Publishes {@code body} with string message attributes. */
    public String send(String queue, String body, Map<String, String> attributes) {
        Map<String, MessageAttributeValue> values = new java.util.LinkedHashMap<>();
        attributes.forEach((k, v) -> values.put(k, MessageAttributeValue.builder().dataType("String").stringValue(v).build()));
        return client.sendMessage(b -> b.queueUrl(queueUrl(queue)).messageBody(body).messageAttributes(values))
                .messageId();
    }

    /** Messages in the queue: visible plus in flight (received, not deleted). */
    public int count(String queue) {
        Map<QueueAttributeName, String> attrs = client.getQueueAttributes(b -> b.queueUrl(queueUrl(queue))
                .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES,
                        QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes();
        return Integer.parseInt(attrs.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES))
                + Integer.parseInt(attrs.get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
    }

    /** Messages in flight (received, not deleted, not yet visible again). */
    public int inFlight(String queue) {
        return Integer.parseInt(client.getQueueAttributes(b -> b.queueUrl(queueUrl(queue))
                        .attributeNames(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE)).attributes()
                .get(QueueAttributeName.APPROXIMATE_NUMBER_OF_MESSAGES_NOT_VISIBLE));
    }

    /** Receives (and deletes) what is visible in {@code queue} now. */
    public List<software.amazon.awssdk.services.sqs.model.Message> drain(String queue) {
        List<software.amazon.awssdk.services.sqs.model.Message> all = new ArrayList<>();
        String url = queueUrl(queue);
        while (true) {
            var got = client.receiveMessage(b -> b.queueUrl(url).maxNumberOfMessages(10).waitTimeSeconds(0)
                    .messageAttributeNames("All")).messages();
            if (got.isEmpty()) {
                return all;
            }
            all.addAll(got);
            got.forEach(m -> client.deleteMessage(b -> b.queueUrl(url).receiptHandle(m.receiptHandle())));
        }
    }

    /** A pub_sub sqs source pointing at this server. */
    public Source source(String queue, int workers) {
        return source(queue, workers, ACCESS_KEY, SECRET, endpoint());
    }

    public static Source source(String queue, int workers, String key, String secret, String endpoint) {
        PubSubConfig pubSub = new PubSubConfig(PubSubType.SQS, workers,
                new PubSubConfig.Sqs(key, secret, REGION, queue, endpoint), null, null, null);
        return new Source("src_" + queue, "project", "mask", "sqs " + queue, null, SourceType.PUB_SUB, null, false,
                null, null, null, null, pubSub, null, null, null, null, null, null, null);
    }

    /** Waits until {@code condition} holds; fails after {@code timeout} ({@link Await#until}). */
    public static void await(String what, Duration timeout, BooleanSupplier condition) {
        Await.until(timeout, what, condition);
    }

    /** Stops the server (its queues are gone). */
    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            client.close();
            // close open (keep-alive, long-poll) connections now rather than after pekko's 10 s deadline
            try {
                scala.concurrent.Await.result(binding.terminate(
                        scala.concurrent.duration.Duration.create(100, TimeUnit.MILLISECONDS)),
                        scala.concurrent.duration.Duration.create(5, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new IllegalStateException("ElasticMQ did not stop", e);
            }
            server.stopAndWait();
        }
    }
}
