package dev.hookline.server.sources;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.Names;
import dev.hookline.server.transforms.ScriptRunner;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks and normalises what a client sends for a source. Every method either returns the value to store or throws
 * an {@link InvalidInputException} naming the field. Nothing here touches the database.
 */
final class SourceValidator {

    /** Convoy's {@code max_response_size} default, which also caps a source's custom response body. */
    static final int MAX_CUSTOM_RESPONSE_BYTES = 51_200;
    static final int MAX_WORKERS = 64;

    /** What Convoy stores for a source without a verifier. */
    static final Verifier NOOP = new Verifier(VerifierType.NOOP, null, null, null);

    private static final Pattern TRANSFORM = Pattern.compile("function\\s+transform\\s*\\(");
    private static final Set<String> HASHES = Set.of("SHA256", "SHA512");
    private static final Set<String> ENCODINGS = Set.of("hex", "base64");
    private static final Set<String> KEY_PREFIXES = Set.of("request", "req");
    private static final Set<String> KEY_PARTS = Set.of("Header", "header", "Body", "body", "QueryParam", "query");

    private SourceValidator() {
    }

    static String name(String name) {
        return Names.require(name, "please provide a source name").strip();
    }

    static SourceType type(SourceType type) {
        if (type == null) {
            throw InvalidInputException.of("type:please provide a type");
        }
        return type;
    }

    /** Providers preset an HMAC verifier, which only HTTP ingest uses. */
    static void provider(SourceType type, SourceProvider provider) {
        if (provider != null && type != SourceType.HTTP) {
            throw InvalidInputException.of("provider:" + provider.wire() + " sources must have type http, not "
                    + type.wire());
        }
    }

    /** Twitter sources remember when their CRC challenge was last answered; nobody else has provider state. */
    static Source.ProviderConfig providerConfig(SourceProvider provider) {
        return provider == SourceProvider.TWITTER ? new Source.ProviderConfig(new Source.Twitter(null)) : null;
    }

    /**
     * The verifier to store. A provider forces its HMAC preset (header, hash, encoding) and needs
     * {@code verifier.hmac.secret}; otherwise the sub-object matching {@code verifier.type} must be complete and
     * the others absent. No verifier (or an empty one) is {@link #NOOP}.
     */
    static Verifier verifier(SourceProvider provider, Verifier verifier) {
        if (provider != null) {
            return providerVerifier(provider, verifier);
        }
        if (verifier == null) {
            return NOOP;
        }
        VerifierType type = verifier.type();
        if (type == null) {
            if (verifier.hmac() == null && verifier.basicAuth() == null && verifier.apiKey() == null) {
                return NOOP;
            }
            throw InvalidInputException.of("verifier.type:please provide a verifier type (hmac, basic_auth or api_key)");
        }
        rejectOthers(type, verifier);
        return switch (type) {
            case NOOP -> NOOP;
            case HMAC -> new Verifier(VerifierType.HMAC, hmac(missing(type, verifier.hmac())), null, null);
            case BASIC_AUTH -> new Verifier(VerifierType.BASIC_AUTH, null, basicAuth(missing(type,
                    verifier.basicAuth())), null);
            case API_KEY -> new Verifier(VerifierType.API_KEY, null, null, apiKey(missing(type, verifier.apiKey())));
        };
    }

    private static Verifier providerVerifier(SourceProvider provider, Verifier verifier) {
        if (verifier == null || verifier.hmac() == null || blank(verifier.hmac().secret())) {
            throw InvalidInputException.of("hmac secret is required for " + provider.wire() + " source");
        }
        if (verifier.type() != null && verifier.type() != VerifierType.HMAC) {
            throw InvalidInputException.of("verifier.type:" + provider.wire() + " sources are verified with hmac, not "
                    + verifier.type().wire());
        }
        if (verifier.basicAuth() != null || verifier.apiKey() != null) {
            throw InvalidInputException.of("verifier:" + provider.wire()
                    + " sources are verified with hmac only; remove basic_auth and api_key");
        }
        String secret = verifier.hmac().secret();
        Verifier.Hmac preset = switch (provider) {
            case GITHUB -> new Verifier.Hmac("X-Hub-Signature-256", "SHA256", secret, "hex");
            case SHOPIFY -> new Verifier.Hmac("X-Shopify-Hmac-SHA256", "SHA256", secret, "base64");
            case TWITTER -> new Verifier.Hmac("X-Twitter-Webhooks-Signature", "SHA256", secret, "base64");
        };
        return new Verifier(VerifierType.HMAC, preset, null, null);
    }

    private static void rejectOthers(VerifierType type, Verifier verifier) {
        List<String> extra = new ArrayList<>();
        if (type != VerifierType.HMAC && verifier.hmac() != null) {
            extra.add("hmac");
        }
        if (type != VerifierType.BASIC_AUTH && verifier.basicAuth() != null) {
            extra.add("basic_auth");
        }
        if (type != VerifierType.API_KEY && verifier.apiKey() != null) {
            extra.add("api_key");
        }
        if (!extra.isEmpty()) {
            throw InvalidInputException.of("invalid verifier config: verifier type is " + type.wire() + " but "
                    + String.join(" and ", extra) + " config is given");
        }
    }

    private static <T> T missing(VerifierType type, T config) {
        if (config == null) {
            throw InvalidInputException.of("invalid verifier config for " + type.wire() + ": verifier type is "
                    + type.wire() + " but " + type.wire() + " config is missing");
        }
        return config;
    }

    private static Verifier.Hmac hmac(Verifier.Hmac hmac) {
        String header = required(hmac.header(), "verifier.hmac.header");
        String hash = required(hmac.hash(), "verifier.hmac.hash").strip().toUpperCase(Locale.ROOT);
        if (!HASHES.contains(hash)) {
            throw InvalidInputException.of("verifier.hmac.hash:\"" + hmac.hash() + "\" is not supported, use SHA256 or "
                    + "SHA512 (Convoy accepts other names but can never verify with them)");
        }
        String secret = required(hmac.secret(), "verifier.hmac.secret");
        String encoding = required(hmac.encoding(), "verifier.hmac.encoding").strip().toLowerCase(Locale.ROOT);
        if (!ENCODINGS.contains(encoding)) {
            throw InvalidInputException.of("verifier.hmac.encoding:please provide a valid encoding type (hex or base64), "
                    + "got \"" + hmac.encoding() + "\"");
        }
        return new Verifier.Hmac(header.strip(), hash, secret, encoding);
    }

    private static BasicAuth basicAuth(BasicAuth basic) {
        return new BasicAuth(required(basic.username(), "verifier.basic_auth.username"),
                required(basic.password(), "verifier.basic_auth.password"));
    }

    private static ApiKeyHeader apiKey(ApiKeyHeader apiKey) {
        return new ApiKeyHeader(required(apiKey.headerName(), "verifier.api_key.header_name").strip(),
                required(apiKey.headerValue(), "verifier.api_key.header_value"));
    }

    /** True if a client sent no pub_sub at all or only its zero value (Go clients send empty structs). */
    static boolean isEmpty(PubSubConfig p) {
        return p == null || (p.type() == null && p.workers() == null && p.sqs() == null && p.google() == null
                && p.kafka() == null && p.amqp() == null);
    }

    /** Only pub_sub sources take a broker config. */
    static void noPubSub(SourceType type, PubSubConfig pubSub) {
        if (!isEmpty(pubSub)) {
            throw InvalidInputException.of("pub_sub:only pub_sub sources take a pub_sub config (type is " + type.wire()
                    + ")");
        }
    }

    /** The broker config of a pub_sub source, complete for its type, with defaults filled in. */
    static PubSubConfig pubSub(PubSubConfig p) {
        if (isEmpty(p)) {
            throw InvalidInputException.of("pub_sub:pub_sub config is required for pub_sub sources");
        }
        if (p.type() == null) {
            throw InvalidInputException.of("pub_sub.type:please provide a pub sub type (sqs, google, kafka or amqp)");
        }
        int workers = p.workers() == null ? 1 : p.workers();
        if (workers < 1 || workers > MAX_WORKERS) {
            throw InvalidInputException.of("pub_sub.workers:must be between 1 and " + MAX_WORKERS + ", got " + workers);
        }
        List<String> extra = new ArrayList<>();
        if (p.type() != PubSubType.SQS && p.sqs() != null) {
            extra.add("sqs");
        }
        if (p.type() != PubSubType.GOOGLE && p.google() != null) {
            extra.add("google");
        }
        if (p.type() != PubSubType.KAFKA && p.kafka() != null) {
            extra.add("kafka");
        }
        if (p.type() != PubSubType.AMQP && p.amqp() != null) {
            extra.add("amqp");
        }
        if (!extra.isEmpty()) {
            throw InvalidInputException.of("pub_sub:pub_sub type is " + p.type().wire() + " but "
                    + String.join(" and ", extra) + " config is given");
        }
        return switch (p.type()) {
            case SQS -> new PubSubConfig(PubSubType.SQS, workers, sqs(present(p.type(), p.sqs())), null, null, null);
            case GOOGLE -> new PubSubConfig(PubSubType.GOOGLE, workers, null, google(present(p.type(), p.google())),
                    null, null);
            case KAFKA -> new PubSubConfig(PubSubType.KAFKA, workers, null, null, kafka(present(p.type(), p.kafka())),
                    null);
            case AMQP -> new PubSubConfig(PubSubType.AMQP, workers, null, null, null,
                    amqp(present(p.type(), p.amqp())));
        };
    }

    private static <T> T present(PubSubType type, T config) {
        if (config == null) {
            throw InvalidInputException.of("pub_sub." + type.wire() + ":pub_sub type is " + type.wire() + " but "
                    + type.wire() + " config is missing");
        }
        return config;
    }

    private static PubSubConfig.Sqs sqs(PubSubConfig.Sqs sqs) {
        return new PubSubConfig.Sqs(required(sqs.accessKeyId(), "pub_sub.sqs.access_key_id"),
                required(sqs.secretKey(), "pub_sub.sqs.secret_key"),
                required(sqs.defaultRegion(), "pub_sub.sqs.default_region").strip(),
                required(sqs.queueName(), "pub_sub.sqs.queue_name").strip(),
                blank(sqs.endpoint()) ? null : sqs.endpoint().strip());
    }

    private static PubSubConfig.Google google(PubSubConfig.Google google) {
        String account = required(google.serviceAccount(), "pub_sub.google.service_account");
        String problem = "pub_sub.google.service_account:must be the base64 encoding of the service account JSON";
        byte[] decoded;
        try {
            decoded = Base64.getMimeDecoder().decode(account.strip());
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.of(problem);
        }
        try {
            JsonNode json = Json.lenient().readTree(new String(decoded, StandardCharsets.UTF_8));
            if (json == null || !json.isObject()) {
                throw InvalidInputException.of(problem);
            }
        } catch (JsonProcessingException e) {
            throw InvalidInputException.of(problem);
        }
        return new PubSubConfig.Google(required(google.projectId(), "pub_sub.google.project_id").strip(),
                required(google.subscriptionId(), "pub_sub.google.subscription_id").strip(), account.strip());
    }

    private static PubSubConfig.Kafka kafka(PubSubConfig.Kafka kafka) {
        if (kafka.brokers() == null || kafka.brokers().isEmpty()) {
            throw InvalidInputException.of("pub_sub.kafka.brokers:brokers list is required");
        }
        List<String> brokers = new ArrayList<>();
        for (String broker : kafka.brokers()) {
            brokers.add(required(broker, "pub_sub.kafka.brokers[" + brokers.size() + "]").strip());
        }
        String topic = required(kafka.topicName(), "pub_sub.kafka.topic_name").strip();
        String group = blank(kafka.consumerGroupId()) ? null : kafka.consumerGroupId().strip();
        PubSubConfig.KafkaAuth auth = null;
        if (kafka.auth() != null) {
            PubSubConfig.KafkaAuth a = kafka.auth();
            String type = required(a.type(), "pub_sub.kafka.auth.type").strip().toLowerCase(Locale.ROOT);
            if (!type.equals("plain") && !type.equals("scram")) {
                throw InvalidInputException.of("pub_sub.kafka.auth.type:unsupported auth type \"" + a.type()
                        + "\", use plain or scram");
            }
            String hash = blank(a.hash()) ? null : a.hash().strip().toUpperCase(Locale.ROOT);
            if (type.equals("scram")) {
                if (hash == null || !HASHES.contains(hash)) {
                    throw InvalidInputException.of("pub_sub.kafka.auth.hash:scram needs hash SHA256 or SHA512"
                            + (hash == null ? "" : ", got \"" + a.hash() + "\""));
                }
            } else if (hash != null) {
                throw InvalidInputException.of("pub_sub.kafka.auth.hash:only scram authentication takes a hash");
            }
            auth = new PubSubConfig.KafkaAuth(type, hash, required(a.username(), "pub_sub.kafka.auth.username"),
                    required(a.password(), "pub_sub.kafka.auth.password"), a.tls() != null && a.tls());
        }
        return new PubSubConfig.Kafka(List.copyOf(brokers), group, topic, auth);
    }

    private static PubSubConfig.Amqp amqp(PubSubConfig.Amqp amqp) {
        String schema = blank(amqp.schema()) ? "amqp" : amqp.schema().strip().toLowerCase(Locale.ROOT);
        if (!schema.equals("amqp") && !schema.equals("amqps")) {
            throw InvalidInputException.of("pub_sub.amqp.schema:must be amqp or amqps, got \"" + amqp.schema() + "\"");
        }
        String host = required(amqp.host(), "pub_sub.amqp.host").strip();
        String portText = required(amqp.port(), "pub_sub.amqp.port").strip();
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw InvalidInputException.of("pub_sub.amqp.port:must be a port number between 1 and 65535, got \""
                    + amqp.port() + "\"");
        }
        String queue = required(amqp.queue(), "pub_sub.amqp.queue").strip();
        String vhost = blank(amqp.vhost()) ? "/" : amqp.vhost().strip();
        PubSubConfig.AmqpAuth auth = null;
        if (amqp.auth() != null) {
            auth = new PubSubConfig.AmqpAuth(required(amqp.auth().user(), "pub_sub.amqp.auth.user"),
                    required(amqp.auth().password(), "pub_sub.amqp.auth.password"));
        }
        // Requests carry bindExchange{exchange, routingKey}; a client echoing a response sends the flat pair.
        String exchange = null;
        String routingKey = "";
        if (amqp.bindExchange() != null) {
            exchange = required(amqp.bindExchange().exchange(), "pub_sub.amqp.bindExchange.exchange").strip();
            routingKey = amqp.bindExchange().routingKey() == null ? "" : amqp.bindExchange().routingKey().strip();
        } else if (!blank(amqp.bindedExchange())) {
            exchange = amqp.bindedExchange().strip();
            routingKey = amqp.routingKey() == null ? "" : amqp.routingKey().strip();
        }
        String deadLetter = blank(amqp.deadLetterExchange()) ? null : amqp.deadLetterExchange().strip();
        return new PubSubConfig.Amqp(schema, host, Integer.toString(port), queue, vhost, auth, null, exchange,
                routingKey, deadLetter);
    }

    /**
     * Idempotency key locations, Convoy's format: {@code request.<part>.<name>} or {@code req.<part>.<name>} with
     * part {@code header|Header|body|Body|query|QueryParam}. Null stays null.
     */
    static List<String> idempotencyKeys(List<String> keys) {
        if (keys == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String key : keys) {
            String value = key == null ? "" : key.strip();
            String[] parts = value.split("\\.", -1);
            if (parts.length < 3 || parts[2].isEmpty()) {
                throw InvalidInputException.of("idempotency_keys:not enough parts set for idempotency key location with "
                        + "value: " + value);
            }
            if (!KEY_PREFIXES.contains(parts[0]) || !KEY_PARTS.contains(parts[1])) {
                throw InvalidInputException.of("idempotency_keys:unsupported input format for idempotency key location "
                        + "with value: " + value + " (use request.header.<name>, request.body.<path> or "
                        + "request.query.<name>)");
            }
            out.add(value);
        }
        return List.copyOf(out);
    }

    /**
     * Convoy's {@code event_type_location}: blank means none (the event type comes as before); otherwise
     * {@code request.body.<path>} or {@code request.header.<name>}, and {@code request.query.<name>} for http
     * sources only (a broker message has no query).
     */
    static String eventTypeLocation(String location, SourceType type) {
        if (location == null) {
            return null;
        }
        String value = location.strip();
        if (value.isEmpty()) {
            return "";
        }
        String[] parts = value.split("\\.", 3);
        boolean query = parts.length == 3 && parts[1].equals("query");
        if (parts.length < 3 || parts[2].isBlank() || !parts[0].equals("request")
                || !(parts[1].equals("body") || parts[1].equals("header") || query)
                || (query && type == SourceType.PUB_SUB)) {
            throw InvalidInputException.of("event_type_location:must be request.body.<path> or request.header.<name>"
                    + (type == SourceType.PUB_SUB ? "" : " or request.query.<name>") + ", got " + value);
        }
        return value;
    }

    /** A body/header transform script: blank means none; otherwise it must define {@code transform}. */
    static String function(String field, String script) {
        if (script == null || script.isBlank()) {
            return null;
        }
        if (!TRANSFORM.matcher(script).find()) {
            throw InvalidInputException.of(field + ":the transform function is not found, please define it or rename the "
                    + "existing function");
        }
        String syntaxError = ScriptRunner.syntaxError(script);
        if (syntaxError != null) {
            throw InvalidInputException.of(field + ":" + syntaxError);
        }
        return script;
    }

    /** The custom ingest answer; always an object, missing members as empty strings. */
    static CustomResponse customResponse(CustomResponse response) {
        String body = response == null || response.body() == null ? "" : response.body();
        String contentType = response == null || response.contentType() == null ? "" : response.contentType();
        if (body.getBytes(StandardCharsets.UTF_8).length > MAX_CUSTOM_RESPONSE_BYTES) {
            throw InvalidInputException.of("custom_response.body:source custom response too large (limit "
                    + MAX_CUSTOM_RESPONSE_BYTES + " bytes)");
        }
        if (!isHeaderValue(contentType)) {
            // sent as the Content-Type of every ingest answer: a control character would break the answer (or add
            // headers) after the event was stored
            throw InvalidInputException.of("custom_response.content_type:must be a media type without control "
                    + "characters");
        }
        return new CustomResponse(body, contentType.strip());
    }

    /** Printable ASCII and tabs only: what an HTTP header value may carry as it is. */
    static boolean isHeaderValue(String value) {
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if ((c < 0x20 && c != '\t') || c > 0x7E) {
                return false;
            }
        }
        return true;
    }

    /** Forwarded header names: blanks dropped; null stays null. */
    static List<String> forwardHeaders(List<String> headers) {
        if (headers == null) {
            return null;
        }
        List<String> out = new ArrayList<>();
        for (String header : headers) {
            if (header != null && !header.isBlank()) {
                out.add(header.strip());
            }
        }
        return List.copyOf(out);
    }

    private static String required(String value, String field) {
        if (blank(value)) {
            throw InvalidInputException.of(field + ":is required");
        }
        return value;
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
