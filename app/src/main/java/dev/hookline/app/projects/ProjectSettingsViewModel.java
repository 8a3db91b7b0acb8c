package dev.hookline.app.projects;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.api.model.StrategyType;
import dev.hookline.api.model.UpdateProjectRequest;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.Rules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The current project's settings as a form: name and logo, retries, signatures, rate limit, payload size, meta
 * events, the delivery options and the circuit breaker ({@link CircuitBreakerSettings}). Save sends the whole
 * config (the server merges present members), so what the form shows is what the project has.
 *
 * <p>A change of signature hash or encoding adds a signature version (the earlier ones stay, so receivers that check
 * advanced signatures keep working through the switch), as Convoy's dashboard does.
 */
public final class ProjectSettingsViewModel {

    public static final List<String> HASHES = List.of("SHA256", "SHA512");
    public static final List<String> ENCODINGS = List.of("hex", "base64");
    public static final List<String> META_EVENT_TYPES = List.of("endpoint.created", "endpoint.updated",
            "endpoint.deleted", "eventdelivery.success", "eventdelivery.failed", "event.loop_cut");

    private final Supplier<ApiClient> client;
    private final Form form;
    private final ObjectProperty<Project> project = new SimpleObjectProperty<>(this, "project");

    public final FormField name = new FormField("Name").required().rule(Rules.maxLength("Name", 255));
    public final FormField logoUrl = new FormField("Logo URL").rule(Rules.httpUrl("Logo URL"));
    public final ObjectProperty<StrategyType> strategyType =
            new SimpleObjectProperty<>(this, "strategyType", StrategyType.LINEAR);
    public final FormField strategyDuration = new FormField("Retry interval").required()
            .rule(Rules.integerBetween("Retry interval (seconds)", 1, 86_400));
    public final FormField retryCount = new FormField("Retry count").required()
            .rule(Rules.integerBetween("Retry count", 1, 1000));
    public final FormField signatureHeader = new FormField("Signature header").required()
            .rule(Rules.headerName("Signature header"));
    public final FormField signatureHash = new FormField("Hash").required()
            .rule(value -> value.isEmpty() || HASHES.contains(value) ? null : "Hash must be SHA256 or SHA512");
    public final FormField signatureEncoding = new FormField("Encoding").required()
            .rule(value -> value.isEmpty() || ENCODINGS.contains(value) ? null : "Encoding must be hex or base64");
    public final FormField rateLimitCount = new FormField("Rate limit").required()
            .rule(Rules.integerBetween("Rate limit", 1, Integer.MAX_VALUE));
    public final FormField rateLimitDuration = new FormField("Rate limit window").required()
            .rule(Rules.integerBetween("Rate limit window (seconds)", 1, 86_400));
    public final FormField maxPayloadBytes = new FormField("Largest payload").required()
            .rule(Rules.integerBetween("Largest payload (bytes)", 1, 50L * 1024 * 1024));
    public final FormField requestIdHeader = new FormField("Idempotency key header").required()
            .rule(Rules.headerName("Idempotency key header"));
    public final FormField searchPolicy = new FormField("Search policy").rule(Rules.goDuration("Search policy"));
    public final BooleanProperty metaEventsEnabled = new SimpleBooleanProperty(this, "metaEventsEnabled");
    public final FormField metaEventUrl = new FormField("Meta event URL").required()
            .rule(Rules.httpUrl("Meta event URL"));
    /** The meta-event secret the server made (shown masked, never sent: the server keeps it). */
    public final FormField metaEventSecret = new FormField("Meta event secret");
    public final Map<String, BooleanProperty> metaEventTypes = new LinkedHashMap<>();
    public final BooleanProperty disableEndpoint = new SimpleBooleanProperty(this, "disableEndpoint");
    public final BooleanProperty multipleEndpointSubscriptions =
            new SimpleBooleanProperty(this, "multipleEndpointSubscriptions");
    public final BooleanProperty replayAttacksPrevention = new SimpleBooleanProperty(this, "replayAttacksPrevention");
    public final BooleanProperty traceHeaders = new SimpleBooleanProperty(this, "traceHeaders");
    public final BooleanProperty enforceSecureEndpoints = new SimpleBooleanProperty(this, "enforceSecureEndpoints");
    public final CircuitBreakerSettings circuitBreaker = new CircuitBreakerSettings();
    public final RetentionSettings retention = new RetentionSettings();

    /** For "New project". */
    public final FormField newProjectName = new FormField("Project name").required()
            .rule(Rules.maxLength("Project name", 255));
    public final ObjectProperty<ProjectType> newProjectType =
            new SimpleObjectProperty<>(this, "newProjectType", ProjectType.OUTGOING);

    private final List<FormField> all = Stream.concat(Stream.of(name, logoUrl, strategyDuration, retryCount,
            signatureHeader, signatureHash, signatureEncoding, rateLimitCount, rateLimitDuration, maxPayloadBytes,
            requestIdHeader, searchPolicy, metaEventUrl, metaEventSecret, retention.period),
            circuitBreaker.fields().stream()).toList();

    public ProjectSettingsViewModel(BackgroundTasks tasks, Supplier<ApiClient> client,
                                    Consumer<Throwable> connectionFailures) {
        this.client = client;
        this.form = new Form(tasks, connectionFailures);
        for (String type : META_EVENT_TYPES) {
            metaEventTypes.put(type, new SimpleBooleanProperty(this, type));
        }
    }

    public Form form() {
        return form;
    }

    /** The project as the server last answered, or null before the first load. */
    public ObjectProperty<Project> projectProperty() {
        return project;
    }

    /** Loads the current project into the form. */
    public void load() {
        ApiClient api = client.get();
        if (api == null || api.projectId() == null) {
            return;
        }
        form.clearError();
        form.run(() -> api.getProject(api.projectId()), this::show);
    }

    /** The fields shown now (the meta-event ones only while meta events are on). */
    public List<FormField> shownFields() {
        List<FormField> shown = new ArrayList<>(all);
        shown.remove(metaEventSecret);
        if (!metaEventsEnabled.get()) {
            shown.remove(metaEventUrl);
        }
        if (!retention.availableProperty().get()) {
            shown.remove(retention.period);
        }
        return shown;
    }

    /** Checks every field, then sends the settings; {@code onSaved} gets the project as saved. */
    public void save(Consumer<Project> onSaved) {
        Project current = project.get();
        ApiClient api = client.get();
        if (current == null || api == null || !(Form.validate(all, shownFields())
                & circuitBreaker.validateTogether())) {
            return;
        }
        UpdateProjectRequest request = new UpdateProjectRequest(name.value(), logoUrl.value(), config(current));
        form.submit(() -> api.updateProject(current.uid(), request), saved -> {
            show(saved);
            onSaved.accept(saved);
        });
    }

    /** Creates a project with the name and type given; {@code onCreated} gets it (its API key is not kept). */
    public void create(Consumer<Project> onCreated) {
        ApiClient api = client.get();
        if (api == null || !newProjectName.validate()) {
            return;
        }
        CreateProjectRequest request = new CreateProjectRequest(newProjectName.value(), newProjectType.get(), null,
                null);
        form.submit(() -> api.createProject(request).project(), created -> {
            newProjectName.set("");
            onCreated.accept(created);
        });
    }

    /** Deletes the current project; {@code onDeleted} gets it. */
    public void delete(Consumer<Project> onDeleted) {
        Project current = project.get();
        ApiClient api = client.get();
        if (current == null || api == null) {
            return;
        }
        form.submit(() -> {
            api.deleteProject(current.uid());
            return current;
        }, onDeleted);
    }

    private ProjectConfig config(Project current) {
        ProjectConfig old = current.config();
        List<ProjectConfig.SignatureVersion> versions = new ArrayList<>(
                old.signature() == null || old.signature().versions() == null ? List.of()
                        : old.signature().versions());
        ProjectConfig.SignatureVersion last = versions.isEmpty() ? null : versions.getLast();
        if (last == null || !signatureHash.value().equalsIgnoreCase(last.hash())
                || !signatureEncoding.value().equals(last.encoding())) {
            versions.add(new ProjectConfig.SignatureVersion(null, signatureHash.value(), signatureEncoding.value(),
                    null));
        }
        List<String> types = metaEventTypes.entrySet().stream().filter(e -> e.getValue().get())
                .map(Map.Entry::getKey).toList();
        ProjectConfig.MetaEventConfig meta = new ProjectConfig.MetaEventConfig(metaEventsEnabled.get(), "http",
                types, metaEventsEnabled.get() ? metaEventUrl.value() : orEmpty(old.metaEvent()), null);
        return ProjectConfig.builder()
                .maxPayloadReadSize(maxPayloadBytes.longOrNull())
                .replayAttacksPreventionEnabled(replayAttacksPrevention.get())
                .addEventIdTraceHeaders(traceHeaders.get())
                .disableEndpoint(disableEndpoint.get())
                .multipleEndpointSubscriptions(multipleEndpointSubscriptions.get())
                .searchPolicy(searchPolicy.value())
                .ratelimit(new RateLimitConfig(rateLimitCount.intOrNull(), rateLimitDuration.longOrNull()))
                .strategy(new ProjectConfig.Strategy(strategyType.get(), strategyDuration.longOrNull(),
                        retryCount.longOrNull()))
                .signature(new ProjectConfig.Signature(signatureHeader.value(), versions))
                .ssl(new ProjectConfig.Ssl(enforceSecureEndpoints.get()))
                .metaEvent(meta)
                .requestIdHeader(requestIdHeader.value())
                .circuitBreaker(circuitBreaker.config())
                .retentionPolicy(retention.policy())
                .build();
    }

    private static String orEmpty(ProjectConfig.MetaEventConfig meta) {
        return meta == null || meta.url() == null ? "" : meta.url();
    }

    private void show(Project loaded) {
        retention.show(loaded.config() == null ? null : loaded.config().retentionPolicy()); // before: shown fields
        project.set(loaded);
        for (FormField field : all) {
            field.clearError();
        }
        name.set(loaded.name());
        logoUrl.set(loaded.logoUrl());
        ProjectConfig config = loaded.config();
        if (config == null) {
            return;
        }
        if (config.strategy() != null) {
            strategyType.set(config.strategy().type() == null ? StrategyType.LINEAR : config.strategy().type());
            strategyDuration.set(text(config.strategy().duration()));
            retryCount.set(text(config.strategy().retryCount()));
        }
        if (config.signature() != null) {
            signatureHeader.set(config.signature().header());
            List<ProjectConfig.SignatureVersion> versions = config.signature().versions();
            ProjectConfig.SignatureVersion last = versions == null || versions.isEmpty() ? null : versions.getLast();
            signatureHash.set(last == null ? "SHA256" : last.hash().toUpperCase(java.util.Locale.ROOT));
            signatureEncoding.set(last == null ? "hex" : last.encoding());
        }
        if (config.ratelimit() != null) {
            rateLimitCount.set(text(config.ratelimit().count()));
            rateLimitDuration.set(text(config.ratelimit().duration()));
        }
        maxPayloadBytes.set(text(config.maxPayloadReadSize()));
        requestIdHeader.set(config.requestIdHeader());
        searchPolicy.set(config.searchPolicy());
        ProjectConfig.MetaEventConfig meta = config.metaEvent();
        metaEventsEnabled.set(meta != null && Boolean.TRUE.equals(meta.isEnabled()));
        metaEventUrl.set(meta == null ? "" : meta.url());
        metaEventSecret.set(meta == null ? "" : meta.secret());
        List<String> chosen = meta == null || meta.eventType() == null ? List.of() : meta.eventType();
        metaEventTypes.forEach((type, on) -> on.set(chosen.contains(type)));
        disableEndpoint.set(Boolean.TRUE.equals(config.disableEndpoint()));
        multipleEndpointSubscriptions.set(Boolean.TRUE.equals(config.multipleEndpointSubscriptions()));
        replayAttacksPrevention.set(Boolean.TRUE.equals(config.replayAttacksPreventionEnabled()));
        traceHeaders.set(Boolean.TRUE.equals(config.addEventIdTraceHeaders()));
        enforceSecureEndpoints.set(config.ssl() != null && Boolean.TRUE.equals(config.ssl().enforceSecureEndpoints()));
        circuitBreaker.show(config.circuitBreaker());
    }

    private static String text(Object value) {
        return value == null ? "" : value.toString();
    }
}
