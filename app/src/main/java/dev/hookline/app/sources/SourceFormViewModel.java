package dev.hookline.app.sources;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.PubSubConfig;
import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.UpdateSourceRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.FormViewModel;
import dev.hookline.app.form.Rules;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The source create/edit form. The verifier section shows exactly the fields of the chosen verifier type (a
 * provider presets everything but the HMAC secret); the pub/sub section exactly those of the chosen broker. Only
 * shown fields are validated and sent.
 *
 * <p>{@code forward_headers} and {@code is_disabled} exist only on update (Convoy's create has neither): when a new
 * source sets them, the same background call creates the source and then updates it.
 */
public final class SourceFormViewModel extends FormViewModel<Source> {

    /** The types a user creates here; {@code db_change_stream} has no settings a console could offer. */
    public static final List<SourceType> TYPES = List.of(SourceType.HTTP, SourceType.REST_API, SourceType.PUB_SUB);
    public static final List<String> HASHES = List.of("SHA256", "SHA512");
    public static final List<String> ENCODINGS = List.of("hex", "base64");
    public static final List<String> KAFKA_AUTH = List.of("", "plain", "scram");
    public static final List<String> AMQP_SCHEMAS = List.of("amqp", "amqps");

    private static final Pattern IDEMPOTENCY_KEY =
            Pattern.compile("^(request|req)\\.(header|Header|body|Body|query|QueryParam)\\..+$");
    private static final Pattern TRANSFORM = Pattern.compile("function\\s+transform\\s*\\(");

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    public final ObjectProperty<SourceType> type = new SimpleObjectProperty<>(this, "type", SourceType.HTTP);
    /** {@code null}: no provider. Chosen on create only (HTTP only); an edited source shows its own. */
    public final ObjectProperty<SourceProvider> provider = new SimpleObjectProperty<>(this, "provider");
    public final ObjectProperty<VerifierType> verifierType =
            new SimpleObjectProperty<>(this, "verifierType", VerifierType.NOOP);

    public final FormField hmacHeader = new FormField("Signature header").required()
            .rule(Rules.headerName("Signature header"));
    public final FormField hmacHash = new FormField("Hash").required()
            .rule(value -> value.isEmpty() || HASHES.contains(value) ? null : "Hash must be SHA256 or SHA512");
    public final FormField hmacEncoding = new FormField("Encoding").required()
            .rule(value -> value.isEmpty() || ENCODINGS.contains(value) ? null : "Encoding must be hex or base64");
    public final FormField hmacSecret = new FormField("Secret").required();
    public final FormField basicUsername = new FormField("Username").required();
    public final FormField basicPassword = new FormField("Password").required();
    public final FormField apiKeyHeaderName = new FormField("Header name").required()
            .rule(Rules.headerName("Header name"));
    public final FormField apiKeyHeaderValue = new FormField("Header value").required();

    public final ObjectProperty<PubSubType> pubSubType = new SimpleObjectProperty<>(this, "pubSubType", PubSubType.SQS);
    public final FormField workers = new FormField("Workers").required().rule(Rules.integerBetween("Workers", 1, 64));
    public final FormField sqsAccessKeyId = new FormField("Access key ID").required();
    public final FormField sqsSecretKey = new FormField("Secret key").required();
    public final FormField sqsRegion = new FormField("Default region").required();
    public final FormField sqsQueueName = new FormField("Queue name").required();
    public final FormField sqsEndpoint = new FormField("Endpoint").rule(Rules.httpUrl("Endpoint"));
    public final FormField googleProjectId = new FormField("Project ID").required();
    public final FormField googleSubscriptionId = new FormField("Subscription ID").required();
    public final FormField googleServiceAccount = new FormField("Service account").required()
            .rule(SourceFormViewModel::serviceAccountProblem);
    public final FormField kafkaBrokers = new FormField("Brokers").required();
    public final FormField kafkaConsumerGroup = new FormField("Consumer group ID");
    public final FormField kafkaTopic = new FormField("Topic").required();
    /** {@code ""}: no authentication. */
    public final FormField kafkaAuthType = new FormField("Authentication")
            .rule(value -> KAFKA_AUTH.contains(value) ? null : "Authentication must be plain or scram");
    public final FormField kafkaHash = new FormField("SCRAM hash").required()
            .rule(value -> value.isEmpty() || HASHES.contains(value) ? null : "SCRAM hash must be SHA256 or SHA512");
    public final FormField kafkaUsername = new FormField("Kafka username").required();
    public final FormField kafkaPassword = new FormField("Kafka password").required();
    public final BooleanProperty kafkaTls = new SimpleBooleanProperty(this, "kafkaTls", false);
    public final FormField amqpSchema = new FormField("Schema").required()
            .rule(value -> value.isEmpty() || AMQP_SCHEMAS.contains(value) ? null : "Schema must be amqp or amqps");
    public final FormField amqpHost = new FormField("Host").required();
    public final FormField amqpPort = new FormField("Port").required().rule(Rules.integerBetween("Port", 1, 65535));
    public final FormField amqpQueue = new FormField("Queue").required();
    public final FormField amqpVhost = new FormField("Virtual host");
    public final FormField amqpUser = new FormField("AMQP user");
    public final FormField amqpPassword = new FormField("AMQP password");
    public final FormField amqpBindExchange = new FormField("Bind exchange");
    public final FormField amqpRoutingKey = new FormField("Routing key");
    public final FormField amqpDeadLetterExchange = new FormField("Dead letter exchange");

    public final FormField customResponseBody = new FormField("Custom response body")
            .rule(value -> value.getBytes(StandardCharsets.UTF_8).length > 1024 * 1024
                    ? "Custom response body must be at most 1 MiB" : null);
    public final FormField customResponseContentType = new FormField("Custom response content type");
    public final FormField idempotencyKeys = new FormField("Idempotency keys")
            .rule(SourceFormViewModel::idempotencyKeysProblem);
    public final FormField forwardHeaders = new FormField("Forward headers")
            .rule(value -> list(value).stream().allMatch(h -> Rules.headerName("x").check(h) == null) ? null
                    : "Forward headers must be HTTP header names, separated by commas");
    public final BooleanProperty disabled = new SimpleBooleanProperty(this, "disabled", false);
    public final FormField bodyFunction = new FormField("Body function").rule(transformRule("Body function"));
    public final FormField headerFunction = new FormField("Header function").rule(transformRule("Header function"));

    public SourceFormViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                               Consumer<Throwable> connectionFailures) {
        super(tasks, client, connectionFailures);
        declareFields(List.of(name, hmacHeader, hmacHash, hmacEncoding, hmacSecret, basicUsername, basicPassword,
                apiKeyHeaderName, apiKeyHeaderValue, workers, sqsAccessKeyId, sqsSecretKey, sqsRegion, sqsQueueName,
                sqsEndpoint, googleProjectId, googleSubscriptionId, googleServiceAccount, kafkaBrokers,
                kafkaConsumerGroup, kafkaTopic, kafkaAuthType, kafkaHash, kafkaUsername, kafkaPassword, amqpSchema,
                amqpHost, amqpPort, amqpQueue, amqpVhost, amqpUser, amqpPassword, amqpBindExchange, amqpRoutingKey,
                amqpDeadLetterExchange, customResponseBody, customResponseContentType, idempotencyKeys, forwardHeaders,
                bodyFunction, headerFunction));
        form.serverField("name", name).serverField("idempotency_keys", idempotencyKeys)
                .serverField("verifier.hmac.hash", hmacHash).serverField("verifier.hmac.encoding", hmacEncoding)
                .serverField("pub_sub.workers", workers).serverField("pub_sub.kafka.brokers", kafkaBrokers)
                .serverField("pub_sub.amqp.port", amqpPort).serverField("custom_response.body", customResponseBody);
        // AMQP credentials go together
        amqpPassword.rule(value -> !amqpUser.isBlank() && value.isEmpty()
                ? "AMQP password is required with a user" : null);
        amqpUser.rule(value -> !amqpPassword.isBlank() && value.isEmpty()
                ? "AMQP user is required with a password" : null);
        amqpRoutingKey.rule(value -> !value.isEmpty() && amqpBindExchange.isBlank()
                ? "Routing key needs a bind exchange" : null);
        // a provider fixes the type (http) and presets the verifier (hmac)
        provider.addListener((observable, before, now) -> {
            if (now != null) {
                type.set(SourceType.HTTP);
                verifierType.set(VerifierType.HMAC);
            }
        });
        createNew();
    }

    /** A new source: HTTP, no verifier. */
    @Override
    protected void setDefaults() {
        type.set(SourceType.HTTP);
        provider.set(null);
        verifierType.set(VerifierType.NOOP);
        pubSubType.set(PubSubType.SQS);
        workers.set("1");
        hmacHash.set("SHA256");
        hmacEncoding.set("hex");
        amqpSchema.set("amqp");
        amqpPort.set("5672");
        kafkaTls.set(false);
        disabled.set(false);
    }

    @Override
    protected void fill(Source source) {
        name.set(source.name());
        type.set(source.type() == null ? SourceType.HTTP : source.type());
        disabled.set(Boolean.TRUE.equals(source.isDisabled()));
        provider.set(source.provider());
        Verifier verifier = source.verifier();
        if (verifier != null && verifier.type() != null) {
            verifierType.set(verifier.type());
            if (verifier.hmac() != null) {
                hmacHeader.set(verifier.hmac().header());
                hmacHash.set(verifier.hmac().hash());
                hmacEncoding.set(verifier.hmac().encoding());
                hmacSecret.set(verifier.hmac().secret());
            }
            if (verifier.basicAuth() != null) {
                basicUsername.set(verifier.basicAuth().username());
                basicPassword.set(verifier.basicAuth().password());
            }
            if (verifier.apiKey() != null) {
                apiKeyHeaderName.set(verifier.apiKey().headerName());
                apiKeyHeaderValue.set(verifier.apiKey().headerValue());
            }
        }
        PubSubConfig pubSub = source.pubSub();
        if (pubSub != null && pubSub.type() != null) {
            pubSubType.set(pubSub.type());
            workers.set(pubSub.workers() == null ? "1" : pubSub.workers().toString());
            fillPubSub(pubSub);
        }
        if (source.customResponse() != null) {
            customResponseBody.set(source.customResponse().body());
            customResponseContentType.set(source.customResponse().contentType());
        }
        idempotencyKeys.set(join(source.idempotencyKeys()));
        forwardHeaders.set(join(source.forwardHeaders()));
        bodyFunction.set(source.bodyFunction());
        headerFunction.set(source.headerFunction());
    }

    private void fillPubSub(PubSubConfig pubSub) {
        if (pubSub.sqs() != null) {
            sqsAccessKeyId.set(pubSub.sqs().accessKeyId());
            sqsSecretKey.set(pubSub.sqs().secretKey());
            sqsRegion.set(pubSub.sqs().defaultRegion());
            sqsQueueName.set(pubSub.sqs().queueName());
            sqsEndpoint.set(pubSub.sqs().endpoint());
        }
        if (pubSub.google() != null) {
            googleProjectId.set(pubSub.google().projectId());
            googleSubscriptionId.set(pubSub.google().subscriptionId());
            googleServiceAccount.set(pubSub.google().serviceAccount());
        }
        PubSubConfig.Kafka kafka = pubSub.kafka();
        if (kafka != null) {
            kafkaBrokers.set(join(kafka.brokers()));
            kafkaConsumerGroup.set(kafka.consumerGroupId());
            kafkaTopic.set(kafka.topicName());
            if (kafka.auth() != null) {
                kafkaAuthType.set(kafka.auth().type());
                kafkaHash.set(kafka.auth().hash());
                kafkaUsername.set(kafka.auth().username());
                kafkaPassword.set(kafka.auth().password());
                kafkaTls.set(Boolean.TRUE.equals(kafka.auth().tls()));
            }
        }
        PubSubConfig.Amqp amqp = pubSub.amqp();
        if (amqp != null) {
            amqpSchema.set(amqp.schema());
            amqpHost.set(amqp.host());
            amqpPort.set(amqp.port());
            amqpQueue.set(amqp.queue());
            amqpVhost.set(amqp.vhost());
            if (amqp.auth() != null) {
                amqpUser.set(amqp.auth().user());
                amqpPassword.set(amqp.auth().password());
            }
            amqpBindExchange.set(amqp.bindExchange() != null ? amqp.bindExchange().exchange() : amqp.bindedExchange());
            amqpRoutingKey.set(amqp.bindExchange() != null ? amqp.bindExchange().routingKey() : amqp.routingKey());
            amqpDeadLetterExchange.set(amqp.deadLetterExchange());
        }
    }

    /** Whether the verifier section is shown: only HTTP sources verify what they ingest. */
    public boolean showsVerifier() {
        return type.get() == SourceType.HTTP;
    }

    /** The fields shown now: the chosen verifier's (or the provider's secret), the chosen broker's. */
    @Override
    public List<FormField> shownFields() {
        List<FormField> shown = new ArrayList<>(List.of(name));
        if (showsVerifier()) {
            if (provider.get() != null) {
                shown.add(hmacSecret);
            } else {
                switch (verifierType.get()) {
                    case HMAC -> shown.addAll(List.of(hmacHeader, hmacHash, hmacEncoding, hmacSecret));
                    case BASIC_AUTH -> shown.addAll(List.of(basicUsername, basicPassword));
                    case API_KEY -> shown.addAll(List.of(apiKeyHeaderName, apiKeyHeaderValue));
                    case NOOP -> { }
                }
            }
        }
        if (type.get() == SourceType.PUB_SUB) {
            shown.add(workers);
            switch (pubSubType.get()) {
                case SQS -> shown.addAll(List.of(sqsAccessKeyId, sqsSecretKey, sqsRegion, sqsQueueName, sqsEndpoint));
                case GOOGLE -> shown.addAll(List.of(googleProjectId, googleSubscriptionId, googleServiceAccount));
                case KAFKA -> {
                    shown.addAll(List.of(kafkaBrokers, kafkaConsumerGroup, kafkaTopic, kafkaAuthType));
                    if (!kafkaAuthType.isBlank()) {
                        if ("scram".equals(kafkaAuthType.value())) {
                            shown.add(kafkaHash);
                        }
                        shown.addAll(List.of(kafkaUsername, kafkaPassword));
                    }
                }
                case AMQP -> shown.addAll(List.of(amqpSchema, amqpHost, amqpPort, amqpQueue, amqpVhost, amqpUser,
                        amqpPassword, amqpBindExchange, amqpRoutingKey, amqpDeadLetterExchange));
            }
        }
        shown.addAll(List.of(customResponseBody, customResponseContentType, idempotencyKeys, forwardHeaders,
                bodyFunction, headerFunction));
        return shown;
    }

    /** An update; a create, followed by an update for what the create request cannot carry (disabled, forwarding). */
    @Override
    protected Callable<Source> saveCall(ApiClient api, Source current) {
        if (current != null) {
            UpdateSourceRequest update = updateRequest();
            return () -> api.updateSource(current.uid(), update);
        }
        CreateSourceRequest create = createRequest();
        UpdateSourceRequest followUp = needsFollowUpUpdate() ? updateRequest() : null;
        return () -> {
            Source created = api.createSource(create);
            return followUp == null ? created : api.updateSource(created.uid(), followUp);
        };
    }

    private boolean needsFollowUpUpdate() {
        return disabled.get() || !forwardHeaders.isBlank();
    }

    /** The create request the valid form stands for. */
    public CreateSourceRequest createRequest() {
        SourceProvider chosenProvider = type.get() == SourceType.HTTP ? provider.get() : null;
        return new CreateSourceRequest(name.value(), type.get(), chosenProvider, customResponse(), verifier(),
                pubSub(), listOrNull(idempotencyKeys), bodyFunction.rawOrNull(), headerFunction.rawOrNull());
    }

    /** The update request the valid form stands for (also the follow-up of a create). */
    public UpdateSourceRequest updateRequest() {
        return new UpdateSourceRequest(name.value(), type.get(), disabled.get(), list(forwardHeaders.value()),
                customResponse(), verifier(), pubSub(), list(idempotencyKeys.value()),
                // an empty string removes a stored function; null would keep it
                bodyFunction.rawOrNull() == null ? "" : bodyFunction.rawOrNull(),
                headerFunction.rawOrNull() == null ? "" : headerFunction.rawOrNull());
    }

    private CustomResponse customResponse() {
        if (customResponseBody.isBlank() && customResponseContentType.isBlank()) {
            return isEditing() ? new CustomResponse("", "") : null;
        }
        return new CustomResponse(customResponseBody.text(), customResponseContentType.value());
    }

    private Verifier verifier() {
        if (!showsVerifier()) {
            return null;
        }
        if (provider.get() != null) {
            return new Verifier(VerifierType.HMAC, new Verifier.Hmac(null, null, hmacSecret.rawOrNull(), null),
                    null, null);
        }
        return switch (verifierType.get()) {
            case NOOP -> new Verifier(VerifierType.NOOP, null, null, null);
            case HMAC -> new Verifier(VerifierType.HMAC, new Verifier.Hmac(hmacHeader.value(), hmacHash.value(),
                    hmacSecret.rawOrNull(), hmacEncoding.value()), null, null);
            case BASIC_AUTH -> new Verifier(VerifierType.BASIC_AUTH, null,
                    new BasicAuth(basicUsername.value(), basicPassword.rawOrNull()), null);
            case API_KEY -> new Verifier(VerifierType.API_KEY, null, null,
                    new ApiKeyHeader(apiKeyHeaderName.value(), apiKeyHeaderValue.rawOrNull()));
        };
    }

    private PubSubConfig pubSub() {
        if (type.get() != SourceType.PUB_SUB) {
            return null;
        }
        PubSubType broker = pubSubType.get();
        Integer workerCount = workers.intOrNull();
        return switch (broker) {
            case SQS -> new PubSubConfig(broker, workerCount, new PubSubConfig.Sqs(sqsAccessKeyId.value(),
                    sqsSecretKey.rawOrNull(), sqsRegion.value(), sqsQueueName.value(), sqsEndpoint.valueOrNull()),
                    null, null, null);
            case GOOGLE -> new PubSubConfig(broker, workerCount, null, new PubSubConfig.Google(
                    googleProjectId.value(), googleSubscriptionId.value(),
                    serviceAccountBase64(googleServiceAccount.value())), null, null);
            case KAFKA -> new PubSubConfig(broker, workerCount, null, null, new PubSubConfig.Kafka(
                    list(kafkaBrokers.value()), kafkaConsumerGroup.valueOrNull(), kafkaTopic.value(),
                    kafkaAuthType.isBlank() ? null : new PubSubConfig.KafkaAuth(kafkaAuthType.value(),
                            "scram".equals(kafkaAuthType.value()) ? kafkaHash.value() : null, kafkaUsername.value(),
                            kafkaPassword.rawOrNull(), kafkaTls.get())), null);
            case AMQP -> new PubSubConfig(broker, workerCount, null, null, null, new PubSubConfig.Amqp(
                    amqpSchema.value(), amqpHost.value(), amqpPort.value(), amqpQueue.value(),
                    amqpVhost.valueOrNull(),
                    amqpUser.isBlank() ? null : new PubSubConfig.AmqpAuth(amqpUser.value(), amqpPassword.rawOrNull()),
                    amqpBindExchange.isBlank() ? null
                            : new PubSubConfig.AmqpExchange(amqpBindExchange.value(), amqpRoutingKey.value()),
                    null, null, amqpDeadLetterExchange.valueOrNull()));
        };
    }

    /** Comma- or newline-separated values, blanks dropped. */
    static List<String> list(String text) {
        return Arrays.stream(text.split("[,\\n]")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    private static List<String> listOrNull(FormField field) {
        List<String> values = list(field.value());
        return values.isEmpty() ? null : values;
    }

    private static String join(List<String> values) {
        return values == null ? "" : String.join(", ", values);
    }

    private static String idempotencyKeysProblem(String value) {
        for (String key : list(value)) {
            if (!IDEMPOTENCY_KEY.matcher(key).matches()) {
                return "Idempotency key \"" + key + "\" must look like request.header.<name>, request.body.<path> "
                        + "or request.query.<name>";
            }
        }
        return null;
    }

    private static dev.hookline.app.form.Rule transformRule(String label) {
        return value -> value.isEmpty() || TRANSFORM.matcher(value).find() ? null
                : label + " must define function transform(payload) { ... }";
    }

    /**
     * Users paste the service-account JSON or its base64; the wire wants base64 of a JSON object. The server's
     * {@code [REDACTED]} (what editing a stored source shows) keeps the stored one.
     */
    private static String serviceAccountProblem(String value) {
        if (value.isEmpty() || REDACTED.equals(value)) {
            return null;
        }
        String json = value.startsWith("{") ? value : decodeBase64(value);
        if (json == null || Rules.jsonObject("x").check(json) != null) {
            return "Service account must be the service account JSON (or its base64)";
        }
        return null;
    }

    /** What the server shows instead of a stored broker credential; sending it back keeps the credential. */
    static final String REDACTED = "[REDACTED]";

    static String serviceAccountBase64(String value) {
        return value.startsWith("{") ? Base64.getEncoder().encodeToString(value.getBytes(StandardCharsets.UTF_8))
                : value;
    }

    private static String decodeBase64(String value) {
        try {
            return new String(Base64.getMimeDecoder().decode(value), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
