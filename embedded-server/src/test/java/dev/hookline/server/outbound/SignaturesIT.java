package dev.hookline.server.outbound;

import static dev.hookline.server.outbound.OutboundFixtures.endpoint;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Signatures checked the way a receiver checks them: recompute the HMAC with the endpoint's secret and compare. */
class SignaturesIT {

    private static final String BODY = "{\"event\":\"invoice.paid\",\"amount\":1200}";

    private final MutableClock clock = new MutableClock();
    private Receiver receiver;
    private OkHttpWebhookSender sender;

    @BeforeEach
    void start() {
        receiver = Receiver.start();
        sender = new OkHttpWebhookSender(clock);
    }

    @AfterEach
    void stop() {
        receiver.close();
        sender.close();
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"SHA256,hex", "SHA256,base64", "SHA512,hex", "SHA512,base64"})
    void aSimpleSignatureIsTheHmacOfTheBodyWithTheNewestSecret(String hash, String encoding) {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null,
                List.of(secret("old-secret", null), secret("new-secret", null)), false, null, null);

        SendResult result = sender.send(webhook(endpoint, signature("X-Convoy-Signature", version(hash, encoding)),
                BODY));

        assertTrue(result.delivered(), result.error());
        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        String header = got.header("X-Convoy-Signature");
        assertEquals(hmac(hash, encoding, "new-secret", got.bodyText()), header);
        assertFalse(header.equals(hmac(hash, encoding, "old-secret", got.bodyText())));
        assertEquals(header, result.requestHeaders().get("X-Convoy-Signature"));
    }

    @ParameterizedTest(name = "{0}/{1}")
    @CsvSource({"SHA256,hex", "SHA256,base64", "SHA512,hex", "SHA512,base64"})
    void anAdvancedSignatureSignsTimestampAndBodyWithEveryActiveSecret(String hash, String encoding) {
        Instant graceEnds = clock.instant().plus(Duration.ofHours(1));
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null,
                List.of(secret("rotated-out", graceEnds), secret("current", null)), true, null, null);

        sender.send(webhook(endpoint, signature("X-Convoy-Signature", version(hash, encoding)), BODY));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        Parsed parsed = Parsed.of(got.header("X-Convoy-Signature"));
        assertEquals(clock.instant().getEpochSecond(), parsed.timestamp);
        String signed = parsed.timestamp + "," + got.bodyText();
        assertEquals(List.of(hmac(hash, encoding, "rotated-out", signed), hmac(hash, encoding, "current", signed)),
                parsed.signatures("v1"));
    }

    @Test
    void anExpiredSecretNoLongerSigns() {
        Instant graceEnds = clock.instant().plus(Duration.ofMinutes(10));
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null,
                List.of(secret("rotated-out", graceEnds), secret("current", null)), true, null, null);
        ProjectConfig.Signature config = signature("X-Convoy-Signature", version("SHA256", "hex"));

        sender.send(webhook(endpoint, config, BODY));
        clock.advance(Duration.ofMinutes(11));
        sender.send(webhook(endpoint, config, BODY));

        List<Receiver.Request> got = receiver.awaitRequests(2, Duration.ofSeconds(5));
        assertEquals(2, Parsed.of(got.get(0).header("X-Convoy-Signature")).signatures("v1").size());
        Parsed after = Parsed.of(got.get(1).header("X-Convoy-Signature"));
        assertEquals(List.of(hmac("SHA256", "hex", "current", after.timestamp + "," + got.get(1).bodyText())),
                after.signatures("v1"));
    }

    @Test
    void aSimpleSignatureSkipsAnExpiredNewestSecret() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null,
                List.of(secret("still-valid", null), secret("expired", clock.instant().minusSeconds(1))), false,
                null, null);

        sender.send(webhook(endpoint, signature("X-Convoy-Signature", version("SHA256", "hex")), BODY));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals(hmac("SHA256", "hex", "still-valid", got.bodyText()), got.header("X-Convoy-Signature"));
    }

    @Test
    void everySignatureVersionGetsItsOwnNumberedEntry() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null, List.of(secret("s3cret", null)), true, null, null);

        sender.send(webhook(endpoint, signature("X-Convoy-Signature", version("SHA256", "hex"),
                version("SHA512", "base64")), BODY));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        Parsed parsed = Parsed.of(got.header("X-Convoy-Signature"));
        String signed = parsed.timestamp + "," + got.bodyText();
        assertEquals(List.of(hmac("SHA256", "hex", "s3cret", signed)), parsed.signatures("v1"));
        assertEquals(List.of(hmac("SHA512", "base64", "s3cret", signed)), parsed.signatures("v2"));
    }

    @Test
    void theProjectsHeaderNameCarriesTheSignature() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null, List.of(secret("s3cret", null)), false, null, null);

        sender.send(webhook(endpoint, signature("X-Acme-Signature", version("SHA256", "hex")), BODY));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals(hmac("SHA256", "hex", "s3cret", BODY), got.header("X-Acme-Signature"));
        assertNull(got.header("X-Convoy-Signature"));
    }

    @Test
    void aForwardedHeaderCannotReplaceTheSignature() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null, List.of(secret("s3cret", null)), false, null, null);
        Webhook webhook = new Webhook(endpoint.projectId(), endpoint, signature("X-Convoy-Signature",
                version("SHA256", "hex")), "invoice.paid", "01EVENT", "01DELIVERY", "",
                Map.of("x-convoy-signature", List.of("forged")), BODY.getBytes(StandardCharsets.UTF_8));

        sender.send(webhook);

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals(List.of(hmac("SHA256", "hex", "s3cret", BODY)), got.headers().get("x-convoy-signature"));
    }

    @Test
    void aFormBodyIsSignedAsSent() {
        Endpoint endpoint = OutboundFixtures.withContentType(endpoint(receiver.url("/form"), null,
                List.of(secret("s3cret", null)), false, null, null), ContentType.FORM_URLENCODED);

        sender.send(webhook(endpoint, signature("X-Convoy-Signature", version("SHA256", "hex")),
                "{\"name\":\"Ada Lovelace\",\"amount\":12.5,\"paid\":true,\"tags\":[\"a\"],\"note\":null}"));

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals("amount=12.5&name=Ada+Lovelace&note=&paid=true&tags=%5B%22a%22%5D", got.bodyText());
        assertEquals(hmac("SHA256", "hex", "s3cret", got.bodyText()), got.header("X-Convoy-Signature"));
    }

    @Test
    void whenEverySecretHasExpiredNothingIsSentAndTheErrorSaysWhy() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null,
                List.of(secret("gone", clock.instant().minusSeconds(60))), true, null, null);

        SendResult result = sender.send(webhook(endpoint, signature("X-Convoy-Signature", version("SHA256", "hex")),
                BODY));

        assertFalse(result.responded());
        assertTrue(result.error().contains("every secret of the endpoint has expired"), result.error());
        assertEquals(0, receiver.requests().size());
    }

    @Test
    void anUnsupportedHashIsAPlainError() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null, List.of(secret("s3cret", null)), false, null, null);

        SendResult result = sender.send(webhook(endpoint, signature("X-Convoy-Signature", version("MD5", "hex")),
                BODY));

        assertEquals("cannot sign: signature hash \"MD5\" is not supported (use SHA256 or SHA512)", result.error());
        assertEquals(0, receiver.requests().size());
    }

    @Test
    void theIdempotencyKeyAndTraceHeadersAreSent() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null, List.of(secret("s3cret", null)), false, null, null);
        Webhook webhook = new Webhook(endpoint.projectId(), endpoint, signature("X-Convoy-Signature",
                version("SHA256", "hex")), "invoice.paid", "01EVENTID", "01DELIVERYID", "order-42",
                Map.of(), BODY.getBytes(StandardCharsets.UTF_8)).withEventIdTraceHeaders();

        sender.send(webhook);

        Receiver.Request got = receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst();
        assertEquals("order-42", got.header("X-Convoy-Idempotency-Key"));
        assertEquals("01EVENTID", got.header("X-Convoy-Event-ID"));
        assertEquals("01DELIVERYID", got.header("X-Convoy-EventDelivery-ID"));
    }

    @Test
    void noIdempotencyHeaderWithoutAKey() {
        Endpoint endpoint = endpoint(receiver.url("/hooks"), null, List.of(secret("s3cret", null)), false, null, null);

        sender.send(webhook(endpoint, signature("X-Convoy-Signature", version("SHA256", "hex")), BODY));

        assertNull(receiver.awaitRequests(1, Duration.ofSeconds(5)).getFirst().header("X-Convoy-Idempotency-Key"));
    }

    private EndpointSecret secret(String value, Instant expiresAt) {
        return new EndpointSecret("01SECRET" + value, value, expiresAt, OutboundFixtures.CREATED,
                OutboundFixtures.CREATED, null);
    }

    private static ProjectConfig.SignatureVersion version(String hash, String encoding) {
        return new ProjectConfig.SignatureVersion("01V" + hash + encoding, hash, encoding, OutboundFixtures.CREATED);
    }

    private static ProjectConfig.Signature signature(String header, ProjectConfig.SignatureVersion... versions) {
        return new ProjectConfig.Signature(header, List.of(versions));
    }

    private static Webhook webhook(Endpoint endpoint, ProjectConfig.Signature signature, String body) {
        return new Webhook(endpoint.projectId(), endpoint, signature, "invoice.paid", "01EVENT", "01DELIVERY", "",
                Map.of(), body.getBytes(StandardCharsets.UTF_8));
    }

    /** What a receiver computes: the HMAC of what it received, encoded as the project says. */
    private static String hmac(String hash, String encoding, String secret, String data) {
        try {
            String algorithm = "Hmac" + hash;
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), algorithm));
            byte[] raw = mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
            return encoding.equals("hex") ? HexFormat.of().formatHex(raw) : Base64.getEncoder().encodeToString(raw);
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /** An advanced header split the way a receiver splits it: {@code t=...,v1=...,v1=...,v2=...}. */
    private record Parsed(long timestamp, List<String[]> entries) {
        static Parsed of(String header) {
            long t = -1;
            List<String[]> entries = new ArrayList<>();
            for (String part : header.split(",")) {
                int eq = part.indexOf('=');
                String key = part.substring(0, eq);
                String value = part.substring(eq + 1);
                if (key.equals("t")) {
                    t = Long.parseLong(value);
                } else {
                    entries.add(new String[] {key, value});
                }
            }
            return new Parsed(t, entries);
        }

        List<String> signatures(String version) {
            return entries.stream().filter(e -> e[0].equals(version)).map(e -> e[1]).toList();
        }
    }
}
