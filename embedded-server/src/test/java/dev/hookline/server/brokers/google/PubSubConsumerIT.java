package dev.hookline.server.brokers.google;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.server.brokers.BrokerException;
import dev.hookline.server.brokers.BrokerMessage;
import dev.hookline.server.brokers.MessageSink;
import dev.hookline.server.brokers.RejectedMessageException;
import dev.hookline.server.testing.FakePubSub;
import dev.hookline.server.testing.ServiceAccounts;
import com.google.api.gax.grpc.GrpcStatusCode;
import com.google.api.gax.rpc.ApiExceptionFactory;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Pub/Sub consumer on its own against {@link FakePubSub}, with a recording sink. */
class PubSubConsumerIT {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String EMAIL = "hookline-reader@hookline-test.iam.gserviceaccount.com";

    private FakePubSub fake;
    private final List<Running> running = new ArrayList<>();

    @BeforeEach
    void startFake() throws IOException {
        fake = FakePubSub.start();
    }

    @AfterEach
    void stopAll() throws InterruptedException {
        for (Running r : running) {
            r.consumer.close();
            r.thread.join(5_000);
        }
        fake.close();
    }

    // ---------------------------------------------------------------- consuming

    @Test
    void handsEveryMessageToTheSinkAndAcksOnlyAfterAcceptReturned() throws Exception {
        String sub = fake.createSubscription("p", "orders", 10);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            ids.add(fake.publish(sub, "{\"n\":" + i + "}", Map.of("x-convoy-message-type", "single", "i", "" + i)));
        }
        Recording sink = new Recording(m -> {
            assertFalse(fake.acked(sub, m.messageId()), "acked before the sink returned");
        });
        Running r = start(consumer("p", "orders", 2), sink);

        await("5 messages acked", () -> ids.stream().allMatch(id -> fake.acked(sub, id)));
        assertTrue(r.consuming.await(0, TimeUnit.SECONDS), "consuming was not signalled");
        assertEquals(5, sink.accepted.size());
        BrokerMessage first = sink.accepted.stream().filter(m -> m.messageId().equals(ids.get(0))).findFirst()
                .orElseThrow();
        assertEquals("{\"n\":0}", first.body());
        assertEquals(Map.of("x-convoy-message-type", "single", "i", "0"), first.headers());
        assertTrue(sink.failures.isEmpty(), sink.failures.toString());
        ids.forEach(id -> assertEquals(1, fake.deliveries(sub, id)));

        r.consumer.close();
        assertTrue(r.thread.join(Duration.ofSeconds(3)), "run did not return after close");
        assertNull(r.error.get(), "run threw after close");
    }

    @Test
    void workersConsumeConcurrently() throws Exception {
        String sub = fake.createSubscription("p", "parallel", 10);
        CountDownLatch secondEntered = new CountDownLatch(1);
        CountDownLatch firstEntered = new CountDownLatch(1);
        Recording sink = new Recording(m -> {
            if (m.body().equals("first")) {
                firstEntered.countDown();
                try {
                    // the second message can only arrive while this one is held if another worker pulls it
                    assertTrue(secondEntered.await(10, TimeUnit.SECONDS), "no second worker took a message");
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            } else {
                secondEntered.countDown();
            }
        });
        start(consumer("p", "parallel", 2), sink);
        String first = fake.publish(sub, "first", Map.of());
        assertTrue(firstEntered.await(10, TimeUnit.SECONDS));
        String second = fake.publish(sub, "second", Map.of());
        await("both acked", () -> fake.acked(sub, first) && fake.acked(sub, second));
        assertTrue(sink.failures.isEmpty(), sink.failures.toString());
    }

    @Test
    void aMessageTheSinkCouldNotStoreIsNotAckedAndComesBack() throws Exception {
        String sub = fake.createSubscription("p", "flaky", 10);
        String good = fake.publish(sub, "good", Map.of());
        String flaky = fake.publish(sub, "flaky", Map.of());
        Map<String, Integer> tries = new ConcurrentHashMap<>();
        Recording sink = new Recording(m -> {
            if (tries.merge(m.body(), 1, Integer::sum) == 1 && m.body().equals("flaky")) {
                throw new IllegalStateException("disk full");
            }
        });
        Running r = start(consumer("p", "flaky", 1), sink);

        assertTrue(r.thread.join(Duration.ofSeconds(10)), "run did not give up after the sink failed");
        BrokerException failure = assertInstanceOf(BrokerException.class, r.error.get());
        assertEquals("could not store a message from projects/p/subscriptions/flaky, it will be delivered again: "
                + "disk full", failure.getMessage());
        assertTrue(fake.acked(sub, good));
        assertFalse(fake.acked(sub, flaky));

        // the supervisor tries again with a new consumer: the message is delivered again and now stored
        start(consumer("p", "flaky", 1), sink);
        await("flaky acked on its second delivery", () -> fake.acked(sub, flaky));
        assertEquals(2, fake.deliveries(sub, flaky));
        assertEquals(1, fake.deliveries(sub, good));
    }

    @Test
    void aRejectedMessageIsAckedAndNeverDeliveredAgain() throws Exception {
        String sub = fake.createSubscription("p", "rejects", 1);
        String bad = fake.publish(sub, "not json", Map.of());
        Recording sink = new Recording(m -> {
            if (m.body().equals("not json")) {
                throw new Rejection("the message is not JSON");
            }
        });
        start(consumer("p", "rejects", 1), sink);
        await("the rejected message acked", () -> fake.acked(sub, bad));
        // a later message goes through after more than the ack deadline; the rejected one never comes back
        String later = fake.publish(sub, "later", Map.of());
        await("later acked", () -> fake.acked(sub, later));
        assertEquals(1, fake.deliveries(sub, bad));
        assertEquals(1, sink.rejected.size());
    }

    @Test
    void withADeadLetterPolicyARejectedMessageIsNackedUntilPubSubDeadLettersIt() throws Exception {
        String sub = fake.createSubscription("p", "with-dlq", 10, 5);
        String bad = fake.publish(sub, "not json", Map.of());
        Recording sink = new Recording(m -> {
            throw new Rejection("the message is not JSON");
        });
        start(consumer("p", "with-dlq", 1), sink);
        await("dead-lettered", () -> fake.deadLettered(sub, bad));
        assertFalse(fake.acked(sub, bad));
        assertEquals(5, fake.deliveries(sub, bad));
        assertEquals(5, sink.rejected.size());
        assertTrue(fake.calls().contains("ModifyAckDeadline 0 x1"), fake.calls().toString());
    }

    @Test
    void aKeyThatMayPullButNotReadTheSubscriptionStillConsumesAndDeadLetters() throws Exception {
        // roles/pubsub.subscriber has pubsub.subscriptions.consume but not pubsub.subscriptions.get
        String sub = fake.createSubscription("p", "subscriber-role", 10, 5);
        fake.denyGetSubscription();
        String good = fake.publish(sub, "good", Map.of());
        String bad = fake.publish(sub, "not json", Map.of());
        Recording sink = new Recording(m -> {
            if (m.body().equals("not json")) {
                throw new Rejection("the message is not JSON");
            }
        });
        Running r = start(consumer("p", "subscriber-role", 1), sink);
        await("good acked and bad dead-lettered", () -> fake.acked(sub, good) && fake.deadLettered(sub, bad));
        assertEquals(0, r.consuming.getCount(), "consuming was not signalled after the first pull");
        assertEquals(5, fake.deliveries(sub, bad), "the delivery attempt did not reveal the dead-letter policy");
    }

    @Test
    void aKeyThatMayNeitherReadNorPullIsNamedAfterTheFirstPull() throws Exception {
        fake.createSubscription("p", "locked", 10);
        fake.denyGetSubscription();
        fake.failEverythingWith(Status.PERMISSION_DENIED.withDescription("User not authorized to perform this "
                + "action."));
        Running r = start(consumer("p", "locked", 2), new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        assertEquals("the service account " + EMAIL + " is not allowed to pull from projects/p/subscriptions/locked "
                + "(give it the Pub/Sub Subscriber role on the subscription)", r.error.get().getMessage());
        assertEquals(1, r.consuming.getCount(), "consuming was signalled although no pull went through");
    }

    @Test
    void aSlowBatchHasItsLeaseExtended() throws Exception {
        String sub = fake.createSubscription("p", "slow", 1);
        String a = fake.publish(sub, "a", Map.of());
        String b = fake.publish(sub, "b", Map.of());
        Recording sink = new Recording(m -> {
            try {
                Thread.sleep(700); // slow storage: longer than half the 1 s ack deadline
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        start(consumer("p", "slow", 1), sink);
        await("both acked", () -> fake.acked(sub, a) && fake.acked(sub, b));
        assertEquals(1, fake.deliveries(sub, a));
        assertEquals(1, fake.deliveries(sub, b));
        assertTrue(fake.calls().contains("ModifyAckDeadline 1 x1"), fake.calls().toString());
    }

    // ---------------------------------------------------------------- stopping

    @Test
    void closeStopsAWaitingPullPromptlyAndRunReturnsNormally() throws Exception {
        fake.createSubscription("p", "idle", 10);
        fake.pullWait(Duration.ofSeconds(60));
        Running r = start(consumer("p", "idle", 3), new Recording(m -> { }));
        assertTrue(r.consuming.await(10, TimeUnit.SECONDS));
        await("pulls waiting", () -> fake.calls().stream().filter("Pull"::equals).count() >= 3);
        long started = System.nanoTime();
        r.consumer.close();
        assertTrue(r.thread.join(Duration.ofSeconds(3)), "run did not return after close");
        assertTrue(System.nanoTime() - started < TimeUnit.SECONDS.toNanos(3));
        assertNull(r.error.get());
        r.consumer.close(); // idempotent
    }

    @Test
    void closeDuringAcceptStillAcksTheStoredMessageAndHandsTheRestBack() throws Exception {
        String sub = fake.createSubscription("p", "closing", 10);
        String first = fake.publish(sub, "first", Map.of());
        String second = fake.publish(sub, "second", Map.of());
        CountDownLatch inAccept = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        Recording sink = new Recording(m -> {
            inAccept.countDown();
            try {
                assertTrue(closed.await(10, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Running r = start(consumer("p", "closing", 1), sink);
        assertTrue(inAccept.await(10, TimeUnit.SECONDS));
        r.consumer.close();
        closed.countDown();
        assertTrue(r.thread.join(Duration.ofSeconds(3)), "run did not return after close");
        assertNull(r.error.get());
        assertTrue(fake.acked(sub, first), "the message stored before the close was not acked");
        assertFalse(fake.acked(sub, second));
        assertEquals(List.of("first"), sink.accepted.stream().map(BrokerMessage::body).toList());
        assertTrue(fake.calls().contains("ModifyAckDeadline 0 x1"), "the rest was not handed back: "
                + fake.calls());
    }

    @Test
    void aBrokerThatGoesAwayFailsRunAndNothingIsLostWhenItComesBack() throws Exception {
        String sub = fake.createSubscription("p", "away", 10);
        String before = fake.publish(sub, "before", Map.of());
        Recording sink = new Recording(m -> { });
        Running r = start(consumer("p", "away", 1, Duration.ofSeconds(2)), sink);
        await("before acked", () -> fake.acked(sub, before));

        fake.stop();
        assertTrue(r.thread.join(Duration.ofSeconds(10)), "run did not notice that Pub/Sub went away");
        BrokerException failure = assertInstanceOf(BrokerException.class, r.error.get());
        assertTrue(failure.getMessage().startsWith("cannot reach Pub/Sub at " + fake.hostPort()),
                failure.getMessage());

        fake.restart();
        String after = fake.publish(sub, "after", Map.of());
        start(consumer("p", "away", 1), sink);
        await("after acked", () -> fake.acked(sub, after));
        assertEquals(List.of("before", "after"), sink.accepted.stream().map(BrokerMessage::body).toList());
    }

    // ---------------------------------------------------------------- errors in plain words

    @Test
    void aMissingSubscriptionFailsAtOnce() throws Exception {
        Running r = start(consumer("p", "nope", 1), new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        assertEquals("subscription projects/p/subscriptions/nope does not exist", r.error.get().getMessage());
        assertEquals(1, r.consuming.getCount(), "consuming was signalled for a missing subscription");
    }

    @Test
    void aKeyWithoutAccessIsNamed() throws Exception {
        fake.createSubscription("p", "private", 10);
        fake.failEverythingWith(Status.PERMISSION_DENIED.withDescription("User not authorized to perform this "
                + "action."));
        Running r = start(consumer("p", "private", 1), new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        assertEquals("the service account " + EMAIL + " is not allowed to pull from projects/p/subscriptions/private "
                + "(give it the Pub/Sub Subscriber role on the subscription)", r.error.get().getMessage());
    }

    @Test
    void aRejectedKeyIsAnAuthenticationFailure() throws Exception {
        fake.createSubscription("p", "s", 10);
        fake.failEverythingWith(Status.UNAUTHENTICATED.withDescription("Request had invalid authentication "
                + "credentials."));
        Running r = start(consumer("p", "s", 1), new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        assertEquals("authentication failed for the service account " + EMAIL
                + ": Request had invalid authentication credentials.", r.error.get().getMessage());
    }

    @Test
    void anUnreachableEndpointIsNamed() throws Exception {
        String hostPort = fake.hostPort();
        fake.stop();
        Running r = start(consumer("p", "s", 1, Duration.ofSeconds(2)), new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        assertTrue(r.error.get().getMessage().startsWith("cannot reach Pub/Sub at " + hostPort),
                r.error.get().getMessage());
    }

    @Test
    void aServiceAccountThatIsNoKeySaysSo() throws Exception {
        assertEquals("the service account is not base64 (it must be the base64 of the service account's JSON key)",
                runWithAccount("%%% not base64 %%%").getMessage());
        assertEquals("the service account is not valid JSON (it must be the base64 of the service account's JSON "
                + "key)", runWithAccount(b64("{not json")).getMessage());
        assertEquals("the service account is not a service account key (its \"type\" is \"authorized_user\", "
                + "expected \"service_account\"; create a JSON key under IAM > Service accounts > Keys)",
                runWithAccount(b64("{\"type\":\"authorized_user\",\"client_id\":\"x\"}")).getMessage());
        assertEquals("the service account is not a service account key (it has no private_key)",
                runWithAccount(b64("{\"type\":\"service_account\",\"client_email\":\"a@b\"}")).getMessage());
        Exception badKey = runWithAccount(b64("{\"type\":\"service_account\",\"client_email\":\"a@b\","
                + "\"client_id\":\"1\",\"private_key_id\":\"k\",\"private_key\":\"-----BEGIN PRIVATE KEY-----\\n"
                + "c2VjcmV0IHNlY3JldA==\\n-----END PRIVATE KEY-----\\n\"}"));
        assertTrue(badKey.getMessage().startsWith("the service account is not a usable service account key ("),
                badKey.getMessage());
        assertFalse(badKey.getMessage().contains("c2VjcmV0"), "the key leaked into the message");
    }

    @Test
    void aTokenThatCannotBeHadIsAnAuthenticationFailureNotAnOutage() throws Exception {
        // what grpc-auth reports when the key was revoked or deleted: UNAVAILABLE around the token endpoint's answer
        PubSubConsumer consumer = consumer("p", "s", 1);
        ServiceAccount account = ServiceAccount.decode(ServiceAccounts.base64(EMAIL));
        var tokenFailure = new StatusRuntimeException(Status.UNAVAILABLE
                .withDescription("Credentials failed to obtain metadata")
                .withCause(new IOException("Error getting access token for service account: 400 Bad Request\n"
                        + "{\"error\":\"invalid_grant\",\"error_description\":\"Invalid JWT Signature.\"}")));
        BrokerException words = consumer.plainWords(ApiExceptionFactory.createException(tokenFailure,
                GrpcStatusCode.of(Status.Code.UNAVAILABLE), true), account);
        assertEquals("authentication failed for the service account " + EMAIL + ": Error getting access token for "
                + "service account: 400 Bad Request", words.getMessage());

        var outage = new StatusRuntimeException(Status.UNAVAILABLE.withDescription("io exception")
                .withCause(new java.net.ConnectException("Connection refused")));
        assertEquals("cannot reach Pub/Sub at " + fake.hostPort() + " (Connection refused)",
                consumer.plainWords(ApiExceptionFactory.createException(outage,
                        GrpcStatusCode.of(Status.Code.UNAVAILABLE), true), account).getMessage());
    }

    // ---------------------------------------------------------------- the real (TLS + credentials) path

    @Test
    void withoutAnEmulatorItSpeaksTlsWithCredentials() throws Exception {
        // the fake speaks plaintext, so the TLS handshake of the real path fails: what counts is that the real
        // client stack (TLS, credentials, channel provider) loads without the jars left out of the build
        fake.createSubscription("p", "s", 10);
        PubSubConsumer consumer = new PubSubConsumer("real", config("p", "s", 1, ServiceAccounts.base64(EMAIL)),
                null, fake.hostPort(), Duration.ofSeconds(3));
        Running r = start(consumer, new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        BrokerException failure = assertInstanceOf(BrokerException.class, r.error.get());
        assertTrue(failure.getMessage().startsWith("cannot reach Pub/Sub at " + fake.hostPort()),
                failure.getMessage());
    }

    @Test
    void accessTokensComeFromTheKeysTokenUri() throws Exception {
        // google-http-client's JDK transport, without the Apache HttpClient left out of the build
        HttpServer tokens = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicReference<String> grant = new AtomicReference<>();
        tokens.createContext("/token", exchange -> {
            grant.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            byte[] body = "{\"access_token\":\"ya29.fake\",\"expires_in\":3600,\"token_type\":\"Bearer\"}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        tokens.start();
        try {
            String uri = "http://127.0.0.1:" + tokens.getAddress().getPort() + "/token";
            ServiceAccount account = ServiceAccount.decode(ServiceAccounts.base64(EMAIL, uri));
            assertEquals(EMAIL, account.clientEmail());
            var scoped = account.credentials().createScoped(List.of("https://www.googleapis.com/auth/pubsub"));
            assertEquals("ya29.fake", scoped.refreshAccessToken().getTokenValue());
            assertTrue(grant.get().contains("grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Ajwt-bearer"),
                    grant.get());
        } finally {
            tokens.stop(0);
        }
    }

    @Test
    void theSubscriptionNameAndTheEmulatorHost() {
        assertEquals("projects/p/subscriptions/s", PubSubConsumer.subscriptionName("p", "s"));
        assertEquals("projects/other/subscriptions/s",
                PubSubConsumer.subscriptionName("p", "projects/other/subscriptions/s"));
        String before = System.getProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY);
        try {
            System.setProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY, " localhost:8085 ");
            assertEquals("localhost:8085", PubSubConsumer.emulatorHostFromEnvironment());
        } finally {
            if (before == null) {
                System.clearProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY);
            } else {
                System.setProperty(PubSubConsumer.EMULATOR_HOST_PROPERTY, before);
            }
        }
    }

    // ---------------------------------------------------------------- helpers

    /** Waits for {@code condition}; a timeout names what the consumers under test failed with, if anything. */
    private void await(String what, java.util.function.BooleanSupplier condition) {
        try {
            FakePubSub.await(what, WAIT, condition);
        } catch (AssertionError e) {
            List<String> errors = running.stream().map(r -> r.error.get()).filter(java.util.Objects::nonNull)
                    .map(Exception::toString).toList();
            throw new AssertionError(e.getMessage() + "; consumer failures: " + errors, e);
        }
    }

    private Exception runWithAccount(String serviceAccount) throws InterruptedException {
        fake.createSubscription("p", "s", 10);
        PubSubConsumer consumer = new PubSubConsumer("bad-key", config("p", "s", 1, serviceAccount),
                fake.hostPort(), "unused:443", Duration.ofSeconds(5));
        Running r = start(consumer, new Recording(m -> { }));
        assertTrue(r.thread.join(Duration.ofSeconds(10)));
        return assertInstanceOf(BrokerException.class, r.error.get());
    }

    private static String b64(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static PubSubConfig config(String project, String subscription, int workers, String account) {
        return new PubSubConfig(PubSubType.GOOGLE, workers, null,
                new PubSubConfig.Google(project, subscription, account), null, null);
    }

    private PubSubConsumer consumer(String project, String subscription, int workers) {
        return consumer(project, subscription, workers, Duration.ofSeconds(5));
    }

    /** {@code rpcBudget} bounds how long a call may take (and so how soon an unreachable Pub/Sub is reported). */
    private PubSubConsumer consumer(String project, String subscription, int workers, Duration rpcBudget) {
        return new PubSubConsumer(subscription, config(project, subscription, workers, ServiceAccounts.base64(EMAIL)),
                fake.hostPort(), "unused:443", rpcBudget);
    }

    private Running start(PubSubConsumer consumer, MessageSink sink) {
        CountDownLatch consuming = new CountDownLatch(1);
        AtomicReference<Exception> error = new AtomicReference<>();
        Thread thread = Thread.ofPlatform().daemon().name("consumer-under-test").start(() -> {
            try {
                consumer.run(sink, consuming::countDown);
            } catch (Exception e) {
                error.set(e);
            }
        });
        Running r = new Running(consumer, thread, consuming, error);
        running.add(r);
        return r;
    }

    private record Running(PubSubConsumer consumer, Thread thread, CountDownLatch consuming,
                           AtomicReference<Exception> error) {
    }

    private static final class Rejection extends RuntimeException {
        Rejection(String reason) {
            super(reason);
        }
    }

    @FunctionalInterface
    private interface OnAccept {
        void on(BrokerMessage message);
    }

    /** Records what it is handed; {@link Rejection} from the callback becomes a {@link RejectedMessageException}. */
    private static final class Recording implements MessageSink {
        final List<BrokerMessage> accepted = Collections.synchronizedList(new ArrayList<>());
        final List<BrokerMessage> rejected = Collections.synchronizedList(new ArrayList<>());
        final List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        private final OnAccept onAccept;

        Recording(OnAccept onAccept) {
            this.onAccept = onAccept;
        }

        @Override
        public void accept(BrokerMessage message) throws RejectedMessageException {
            try {
                onAccept.on(message);
            } catch (Rejection r) {
                rejected.add(message);
                throw new RejectedMessageException(r.getMessage());
            } catch (AssertionError e) {
                failures.add(e);
                throw e;
            }
            accepted.add(message);
        }
    }
}
