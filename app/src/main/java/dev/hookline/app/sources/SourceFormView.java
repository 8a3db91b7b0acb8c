package dev.hookline.app.sources;

import dev.hookline.api.model.PubSubType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.form.CopyButton;
import dev.hookline.app.form.FormLayout;
import dev.hookline.app.form.FormView;
import java.util.Arrays;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/**
 * The source create/edit form, bound to {@link SourceFormViewModel}: the verifier section shows exactly the chosen
 * verifier's fields, the pub/sub section exactly the chosen broker's. The panel (and the ingest URL row) is
 * {@code SourceFormView.fxml}; the rows are a {@link FormLayout} built here. Ids start with {@code source-}.
 */
public final class SourceFormView extends FormView<Source, SourceFormViewModel> {

    private final Function<Source, String> ingestUrlOf;
    private final FormLayout layout = new FormLayout();
    @FXML
    private HBox ingestUrlRow;
    @FXML
    private Label ingestUrl;

    /** @param ingestUrlOf the URL senders post to for a saved source */
    public SourceFormView(SourceFormViewModel viewModel, Function<Source, String> ingestUrlOf,
                          Consumer<Source> onSaved, Runnable onClose) {
        super(viewModel, onSaved, onClose);
        this.ingestUrlOf = ingestUrlOf;
        loadLayout();
    }

    @FXML
    private void initialize() {
        layout.idRow("source-id", viewModel.editingProperty().map(Source::uid));
        layout.text(viewModel.name, "source-name");
        ComboBox<SourceType> type = layout.choice("Type", "source-type", viewModel.type, SourceFormViewModel.TYPES,
                value -> value == null ? "" : typeName(value));
        ComboBox<SourceProvider> provider = layout.choice("Provider", "source-provider", viewModel.provider,
                Arrays.asList(null, SourceProvider.GITHUB, SourceProvider.SHOPIFY, SourceProvider.TWITTER),
                value -> value == null ? "None" : value.wire());
        // the provider is chosen once, for HTTP sources only
        provider.disableProperty().bind(Bindings.createBooleanBinding(
                () -> viewModel.isEditing() || viewModel.type.get() != SourceType.HTTP,
                viewModel.editingProperty(), viewModel.type));
        type.disableProperty().bind(viewModel.provider.isNotNull());
        layout.check("Disabled", "source-disabled", viewModel.disabled);
        ingestUrlRow.getChildren().add(CopyButton.of("source-ingest-url-copy", "Copy ingest URL",
                ingestUrl::getText));
        layout.row("Ingest URL", ingestUrlRow);
        ingestUrlRow.visibleProperty().bind(viewModel.editingProperty().isNotNull());
        ingestUrlRow.managedProperty().bind(ingestUrlRow.visibleProperty());

        layout.section("Verifier").sectionWhen(viewModel.type.isEqualTo(SourceType.HTTP));
        ComboBox<VerifierType> verifier = layout.choice("Verifier", "source-verifier-type", viewModel.verifierType,
                Arrays.asList(VerifierType.values()), SourceFormView::verifierName);
        verifier.disableProperty().bind(viewModel.provider.isNotNull());
        layout.text(viewModel.hmacHeader, "source-hmac-header").setPromptText("e.g. X-Signature");
        layout.pick(viewModel.hmacHash, "source-hmac-hash", SourceFormViewModel.HASHES, "");
        layout.pick(viewModel.hmacEncoding, "source-hmac-encoding", SourceFormViewModel.ENCODINGS, "");
        layout.secret(viewModel.hmacSecret, "source-hmac-secret");
        layout.text(viewModel.basicUsername, "source-basic-username");
        layout.secret(viewModel.basicPassword, "source-basic-password");
        layout.text(viewModel.apiKeyHeaderName, "source-api-key-header");
        layout.secret(viewModel.apiKeyHeaderValue, "source-api-key-value");

        layout.section("Broker").sectionWhen(viewModel.type.isEqualTo(SourceType.PUB_SUB));
        layout.choice("Broker", "source-pubsub-type", viewModel.pubSubType, Arrays.asList(PubSubType.values()),
                SourceFormView::brokerName);
        layout.text(viewModel.workers, "source-workers");
        layout.text(viewModel.sqsAccessKeyId, "source-sqs-access-key");
        layout.secret(viewModel.sqsSecretKey, "source-sqs-secret-key");
        layout.text(viewModel.sqsRegion, "source-sqs-region").setPromptText("e.g. eu-west-1");
        layout.text(viewModel.sqsQueueName, "source-sqs-queue");
        layout.text(viewModel.sqsEndpoint, "source-sqs-endpoint").setPromptText("optional, SQS-compatible services");
        layout.text(viewModel.googleProjectId, "source-google-project");
        layout.text(viewModel.googleSubscriptionId, "source-google-subscription");
        layout.area(viewModel.googleServiceAccount, "source-google-service-account", 4, true)
                .setPromptText("paste the service account JSON (or its base64)");
        layout.text(viewModel.kafkaBrokers, "source-kafka-brokers").setPromptText("host:9092, host2:9092");
        layout.text(viewModel.kafkaConsumerGroup, "source-kafka-group");
        layout.text(viewModel.kafkaTopic, "source-kafka-topic");
        layout.pick(viewModel.kafkaAuthType, "source-kafka-auth", SourceFormViewModel.KAFKA_AUTH, "None");
        layout.pick(viewModel.kafkaHash, "source-kafka-hash", SourceFormViewModel.HASHES, "");
        layout.text(viewModel.kafkaUsername, "source-kafka-username");
        layout.secret(viewModel.kafkaPassword, "source-kafka-password");
        layout.pick(viewModel.amqpSchema, "source-amqp-schema", SourceFormViewModel.AMQP_SCHEMAS, "");
        layout.text(viewModel.amqpHost, "source-amqp-host");
        layout.text(viewModel.amqpPort, "source-amqp-port");
        layout.text(viewModel.amqpQueue, "source-amqp-queue");
        layout.text(viewModel.amqpVhost, "source-amqp-vhost").setPromptText("/");
        layout.text(viewModel.amqpUser, "source-amqp-user");
        layout.secret(viewModel.amqpPassword, "source-amqp-password");
        layout.text(viewModel.amqpBindExchange, "source-amqp-exchange");
        layout.text(viewModel.amqpRoutingKey, "source-amqp-routing-key");
        layout.text(viewModel.amqpDeadLetterExchange, "source-amqp-dead-letter");

        layout.section("Ingest behaviour");
        layout.area(viewModel.customResponseBody, "source-response-body", 3, true);
        layout.text(viewModel.customResponseContentType, "source-response-content-type")
                .setPromptText("e.g. application/json");
        layout.area(viewModel.idempotencyKeys, "source-idempotency-keys", 2, true)
                .setPromptText("request.header.X-Id, request.body.id");
        layout.text(viewModel.forwardHeaders, "source-forward-headers").setPromptText("X-Trace, X-Tenant");

        layout.section("Transform functions");
        layout.area(viewModel.bodyFunction, "source-body-function", 6, true)
                .setPromptText("function transform(payload) {\n  return { event_type: \"...\", data: payload };\n}");
        layout.area(viewModel.headerFunction, "source-header-function", 4, true)
                .setPromptText("function transform(headers) {\n  return headers;\n}");

        show(layout, "New source", source -> "Edit source " + source.name());
        viewModel.editingProperty().subscribe(source -> ingestUrl.setText(source == null ? ""
                : ingestUrlOf.apply(source)));
        layout.follow(viewModel::shownFields, viewModel.type, viewModel.provider, viewModel.verifierType,
                viewModel.pubSubType, viewModel.kafkaAuthType.textProperty(), viewModel.editingProperty());
    }

    /** Adds a node at the end of the form (the function test panel). */
    public void addSection(String title, javafx.scene.Node node) {
        layout.section(title);
        layout.row("", node);
    }

    static String typeName(SourceType type) {
        return switch (type) {
            case HTTP -> "HTTP (webhooks posted to the ingest URL)";
            case REST_API -> "REST API (events sent through the API)";
            case PUB_SUB -> "Pub/Sub (read from a broker)";
            case DB_CHANGE_STREAM -> "Database change stream";
        };
    }

    static String verifierName(VerifierType type) {
        return switch (type) {
            case NOOP -> "None";
            case HMAC -> "HMAC signature";
            case BASIC_AUTH -> "Basic authentication";
            case API_KEY -> "API key header";
        };
    }

    static String brokerName(PubSubType type) {
        return switch (type) {
            case SQS -> "Amazon SQS";
            case GOOGLE -> "Google Pub/Sub";
            case KAFKA -> "Kafka";
            case AMQP -> "AMQP (RabbitMQ)";
        };
    }
}
