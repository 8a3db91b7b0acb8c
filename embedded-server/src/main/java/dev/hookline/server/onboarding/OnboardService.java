package dev.hookline.server.onboarding;

import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.BulkOnboardAccepted;
import dev.hookline.api.model.BulkOnboardReport;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointAuthType;
import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.OnboardItem;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.store.Store;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.subscriptions.EventTypeFilterRows;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.endpoints.EndpointMetaEvents;
import dev.hookline.server.endpoints.EndpointValidator;
import dev.hookline.server.metaevents.MetaEventRecorder;
import dev.hookline.server.subscriptions.SubscriptionRepository;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Bulk onboarding ({@code POST /onboard}, ADR 0029): endpoints with a subscription each, from JSON items or a CSV
 * file, for outgoing projects. Every row is validated first (Convoy's rules: a name, a URL the project accepts,
 * basic-auth username and password together); a dry run only reports, a real run with any error is refused whole
 * with the same report, and a valid one is written in one transaction, all or nothing (Convoy queues batches of 50
 * and may half-finish; here the answer comes after the commit). As in Convoy, a URL the project already has reuses
 * that endpoint, and a row whose endpoint already has a subscription is skipped unless the project allows several.
 */
public final class OnboardService {

    public static final int MAX_ITEMS = 1000;
    /** Convoy's batch size: only reported ({@code batch_count}), Hookline writes all rows at once. */
    static final int BATCH_SIZE = 50;

    private final Store store;
    private final EndpointRepository endpoints;
    private final SubscriptionRepository subscriptions;
    private final EventTypeFilterRows filterRows;
    private final EndpointMetaEvents endpointMetaEvents;
    private final EndpointValidator validator;

    public OnboardService(Store store, DestinationPolicy destinations, EndpointRepository endpoints,
                          SubscriptionRepository subscriptions, EventTypeFilterRows filterRows,
                          EndpointMetaEvents endpointMetaEvents) {
        this.store = store;
        this.endpoints = endpoints;
        this.subscriptions = subscriptions;
        this.filterRows = filterRows;
        this.endpointMetaEvents = endpointMetaEvents;
        this.validator = new EndpointValidator(store::now, () -> destinations, store::baseUrl);
    }

    /** What an onboarding came to: the report (a dry run, or refused rows), or what was carried out. */
    public record Outcome(BulkOnboardReport report, BulkOnboardAccepted accepted, boolean dryRun) {

        /** True when rows were refused (not a dry run): the report answers with 400. */
        public boolean refused() {
            return !dryRun && accepted == null && !report.errors().isEmpty();
        }
    }

    /** Onboards JSON items. */
    public Outcome onboard(Project project, List<OnboardItem> items, boolean dryRun) {
        requireOutgoing(project);
        if (items == null || items.isEmpty()) {
            throw InvalidInputException.field("items", "items list cannot be empty");
        }
        if (items.size() > MAX_ITEMS) {
            throw InvalidInputException.field("items", "items list exceeds maximum size of " + MAX_ITEMS);
        }
        return run(project, items, dryRun);
    }

    /** Onboards the rows of a CSV file. */
    public Outcome onboardCsv(Project project, String csv, boolean dryRun) {
        requireOutgoing(project);
        return run(project, OnboardCsv.parse(csv, MAX_ITEMS), dryRun);
    }

    private Outcome run(Project project, List<OnboardItem> items, boolean dryRun) {
        List<BulkOnboardReport.Error> errors = new ArrayList<>();
        List<EndpointValidator.Draft> drafts = new ArrayList<>();
        Set<Integer> badRows = new LinkedHashSet<>();
        for (int i = 0; i < items.size(); i++) {
            OnboardItem item = items.get(i) == null ? new OnboardItem(null, null, null, null, null) : items.get(i);
            int row = i + 1;
            List<BulkOnboardReport.Error> rowErrors = validate(project, item, row, drafts);
            if (!rowErrors.isEmpty()) {
                errors.addAll(rowErrors);
                badRows.add(row);
            }
        }
        BulkOnboardReport report = new BulkOnboardReport(items.size(), items.size() - badRows.size(),
                List.copyOf(errors));
        if (dryRun || !errors.isEmpty()) {
            return new Outcome(report, null, dryRun);
        }
        return new Outcome(report, write(project, items, drafts), false);
    }

    private List<BulkOnboardReport.Error> validate(Project project, OnboardItem item, int row,
                                                   List<EndpointValidator.Draft> drafts) {
        List<BulkOnboardReport.Error> errors = new ArrayList<>();
        if (item.name() == null || item.name().isBlank()) {
            errors.add(new BulkOnboardReport.Error(row, "name", "name is required"));
        }
        boolean hasUser = item.authUsername() != null && !item.authUsername().isBlank();
        boolean hasPassword = item.authPassword() != null && !item.authPassword().isBlank();
        if (hasUser != hasPassword) {
            errors.add(new BulkOnboardReport.Error(row, "auth_username/auth_password",
                    "both auth_username and auth_password must be provided together"));
        }
        String name = item.name() == null || item.name().isBlank() ? "row-" + row : item.name().strip();
        EndpointAuthentication auth = hasUser && hasPassword
                ? new EndpointAuthentication(EndpointAuthType.BASIC_AUTH, null,
                        new BasicAuth(item.authUsername().strip(), item.authPassword().strip()), null)
                : null;
        try {
            drafts.add(validator.forCreate(new EndpointRequest(item.url() == null ? null : item.url().strip(), name,
                    null, null, null, true, null, null, null, null, null, null, null, null, auth, null, null),
                    project.config()));
        } catch (InvalidInputException e) {
            drafts.add(null);
            if (e.fields().isEmpty()) {
                errors.add(new BulkOnboardReport.Error(row, "url", e.getMessage()));
            }
            for (Map.Entry<String, String> f : e.fields().entrySet()) {
                errors.add(new BulkOnboardReport.Error(row, f.getKey().startsWith("authentication") ? "auth_username/auth_password"
                        : f.getKey(), f.getValue()));
            }
        }
        return errors;
    }

    private BulkOnboardAccepted write(Project project, List<OnboardItem> items, List<EndpointValidator.Draft> drafts) {
        boolean oneEach = project.config() == null
                || !Boolean.TRUE.equals(project.config().multipleEndpointSubscriptions());
        int[] counts = store.db().write(c -> {
            int created = 0;
            int subscribed = 0;
            Instant now = store.now();
            for (int i = 0; i < items.size(); i++) {
                OnboardItem item = items.get(i);
                EndpointValidator.Draft draft = drafts.get(i);
                Endpoint endpoint = endpoints.findByUrl(c, project.uid(), draft.url());
                if (endpoint == null) {
                    String id = store.newId();
                    List<EndpointSecret> secrets = List.of(new EndpointSecret(store.newId(),
                            EndpointValidator.initialSecret(null), null, now, now, null));
                    endpoint = draft.newEndpoint(id, project.uid(), secrets, now);
                    endpoints.insert(c, endpoint);
                    endpointMetaEvents.record(c, MetaEventRecorder.ENDPOINT_CREATED, endpoint);
                    created++;
                }
                if (oneEach && subscriptions.countForEndpoint(c, project.uid(), endpoint.uid(), null) > 0) {
                    continue;
                }
                String type = item.eventType() == null || item.eventType().isBlank() ? "*" : item.eventType().strip();
                SubscriptionRepository.Values values = SubscriptionRepository.Values.plain(
                        draft.name() + "-" + endpoint.uid() + "-subscription", endpoint.uid(), List.of(type));
                String subscriptionId = store.newId();
                subscriptions.insert(c, subscriptionId, project.uid(), values, now);
                // one filter row per event type, as every subscription made through the API gets (ADR 0030)
                filterRows.follow(c, subscriptionId, null, values.filter(), now);
                subscribed++;
            }
            return new int[] {created, subscribed};
        });
        int batches = (items.size() + BATCH_SIZE - 1) / BATCH_SIZE;
        return new BulkOnboardAccepted(batches, items.size(), "Bulk onboard request processed: " + counts[0]
                + " endpoints created, " + counts[1] + " subscriptions created");
    }

    private static void requireOutgoing(Project project) {
        if (project.type() == ProjectType.INCOMING) {
            throw new InvalidInputException("bulk onboard is only supported for outgoing projects");
        }
    }
}
