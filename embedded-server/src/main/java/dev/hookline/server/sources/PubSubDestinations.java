package dev.hookline.server.sources;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.outbound.DestinationPolicy;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The hosts a {@code pub_sub} source makes the server connect to, as a project key holder configured them, checked
 * against the server's destination policy when the source is saved (literal addresses) and before its consumer
 * connects (every address, ADR 0039): a source must not turn the server
 * into a probe of its own network. The broker clients (Kafka, RabbitMQ over TLS, the AWS SDK, Google's auth
 * library) open their connections themselves, so every address a host resolves to is judged just before each try.
 *
 * <ul>
 *   <li>amqp: {@code pub_sub.amqp.host};</li>
 *   <li>kafka: every {@code pub_sub.kafka.brokers} entry (the bootstrap servers; the brokers they advertise are
 *       the broker's answer and are not seen here);</li>
 *   <li>sqs: the host of {@code pub_sub.sqs.endpoint} when set (else AWS's own host of the region);</li>
 *   <li>google: the {@code token_uri} of the service account key when it is not Google's (the auth library posts
 *       a signed assertion there); the Pub/Sub endpoint is Google's or the operator's emulator, never the
 *       project's.</li>
 * </ul>
 */
public final class PubSubDestinations {

    /** A host a source connects to and the field of its config that named it. */
    public record Destination(String field, String host) {
    }

    private PubSubDestinations() {
    }

    /**
     * Null when every address of every host {@code pubSub} names is allowed; otherwise why not. Names are
     * resolved only under a policy that refuses private addresses (the headless server's): the console's embedded
     * server allows them and serves its local user alone, so there a literal address is judged and a name is left
     * to the client (no lookup of its own).
     */
    public static String refusal(PubSubConfig pubSub, DestinationPolicy policy, DestinationPolicy.Resolver resolver) {
        for (Destination d : of(pubSub)) {
            String refused = policy.refusesPrivate() ? policy.refusalOfHost(d.host(), resolver)
                    : policy.refusalOfLiteral(d.host());
            if (refused != null) {
                return d.field() + " (" + d.host() + "): " + refused + " (nothing was sent)";
            }
        }
        return null;
    }

    /**
     * A source whose config names a literal address {@code policy} refuses is a 400 naming the field, when it is
     * saved; a name is accepted (it may resolve elsewhere by the time the consumer connects, where it is judged).
     */
    public static void requireAllowedLiterals(PubSubConfig pubSub, DestinationPolicy policy) {
        for (Destination d : of(pubSub)) {
            String refused = policy.refusalOfLiteral(d.host());
            if (refused != null) {
                throw InvalidInputException.of(d.field() + ":" + refused);
            }
        }
    }

    public static List<Destination> of(PubSubConfig p) {
        List<Destination> out = new ArrayList<>();
        if (p == null || p.type() == null) {
            return out;
        }
        switch (p.type()) {
            case AMQP -> {
                if (p.amqp() != null && p.amqp().host() != null) {
                    out.add(new Destination("pub_sub.amqp.host", p.amqp().host().strip()));
                }
            }
            case KAFKA -> {
                if (p.kafka() != null && p.kafka().brokers() != null) {
                    for (String broker : p.kafka().brokers()) {
                        String host = hostOfHostPort(broker);
                        if (host != null) {
                            out.add(new Destination("pub_sub.kafka.brokers", host));
                        }
                    }
                }
            }
            case SQS -> {
                // without an endpoint the SDK connects to AWS's own host of the region, under amazonaws.com
                String host = p.sqs() == null || p.sqs().endpoint() == null || p.sqs().endpoint().isBlank() ? null
                        : hostOfUrl(p.sqs().endpoint());
                if (host != null) {
                    out.add(new Destination("pub_sub.sqs.endpoint", host));
                }
            }
            case GOOGLE -> {
                // a key without token_uri (or with Google's) gets its tokens from Google
                String tokenUri = p.google() == null ? null : tokenUri(p.google().serviceAccount());
                String host = tokenUri == null ? null : hostOfUrl(tokenUri);
                if (host != null && !host.equalsIgnoreCase("oauth2.googleapis.com")) {
                    out.add(new Destination("pub_sub.google.service_account (token_uri)", host));
                }
            }
            default -> {
            }
        }
        return out;
    }

    /** {@code host:port}, {@code [v6]:port} or a bare host, with an optional {@code scheme://} in front. */
    static String hostOfHostPort(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String t = text.strip();
        int scheme = t.indexOf("://");
        if (scheme >= 0) {
            t = t.substring(scheme + 3);
        }
        if (t.startsWith("[")) {
            int close = t.indexOf(']');
            return close < 0 ? t : t.substring(0, close + 1);
        }
        int colon = t.lastIndexOf(':');
        return colon < 0 || t.indexOf(':') != colon ? t : t.substring(0, colon);
    }

    /** The host of a URL, or of {@code host:port} alone (read as https, as the AWS CLI does). */
    private static String hostOfUrl(String text) {
        String t = text.strip();
        try {
            return new URI(t.contains("://") ? t : "https://" + t).getHost();
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** The {@code token_uri} of a base64 service account key; null when it cannot be read (the consumer says so). */
    private static String tokenUri(String base64) {
        if (base64 == null || base64.isBlank()) {
            return null;
        }
        try {
            JsonNode key = Json.lenient().readTree(new String(Base64.getMimeDecoder().decode(base64.strip()),
                    StandardCharsets.UTF_8));
            String uri = key == null ? "" : key.path("token_uri").asText("");
            return uri.isBlank() ? null : uri;
        } catch (IllegalArgumentException | IOException e) {
            return null;
        }
    }
}
