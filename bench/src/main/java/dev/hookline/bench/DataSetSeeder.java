package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.DeliveryMode;
import dev.hookline.api.model.Event;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.retry.Retry;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeds the benchmark's data set into a running server: projects, endpoints, sources and subscriptions through the
 * HTTP API, then events, deliveries and attempts through the server's own write code (the stores ingest and the
 * dispatcher use), a few hundred events per write transaction. The server's clock is moved along with the events, so
 * IDs and timestamps spread over {@link #SPAN} ending now.
 */
public final class DataSetSeeder {

    static final Duration SPAN = Duration.ofDays(30);
    /** Projects, endpoints, sources and subscriptions are made this long before the first event. */
    private static final Duration SETUP_LEAD = Duration.ofHours(1);
    static final String COMMON_WORD = "customer";
    static final String RARE_WORD = "chargeback";
    private static final int EVENTS_PER_WRITE = 2000;
    private static final int SAMPLE_SIZE = 256;

    private final HooklineServer server;
    private final SeedClock clock;
    private final ApiClient admin;
    private final PrintStream log;

    /**
     * @param server the running server (its clock must be {@code clock})
     * @param admin   a client with a key that reaches every project
     */
    public DataSetSeeder(HooklineServer server, SeedClock clock, ApiClient admin, PrintStream log) {
        this.server = server;
        this.clock = clock;
        this.admin = admin;
        this.log = log;
    }

    /** When a data set that ends at {@code end} begins: the server's clock must not be later when it starts. */
    public static Instant startOf(Instant end) {
        return end.minus(SPAN).minus(SETUP_LEAD);
    }

    /**
     * Seeds about {@code targetDeliveries} deliveries (an event's worth more at most), created over the
     * {@link #SPAN} up to {@code end}, and describes them. The server's clock must still be at {@link #startOf}.
     */
    public DataSet seed(long targetDeliveries, long seed, Instant end) {
        long began = System.nanoTime();
        Random random = new Random(seed);
        Instant start = end.minus(SPAN);
        if (clock.instant().isAfter(startOf(end))) {
            throw new IllegalStateException("the server's clock is past the data set's start: IDs would not "
                    + "follow created_at");
        }
        List<SeededProject> projects = SeededProject.createAll(admin);
        SeededProject main = projects.get(0);
        EventPlanner planner = new EventPlanner(projects, start, end, targetDeliveries, random);
        Counts counts = new Counts(projects);
        Reservoir<String> eventSample = new Reservoir<>(SAMPLE_SIZE, random);
        Reservoir<String> keySample = new Reservoir<>(SAMPLE_SIZE, random);
        long nextReport = targetDeliveries / 10;
        while (counts.deliveries < targetDeliveries) {
            List<EventPlanner.EventPlan> batch = new ArrayList<>(EVENTS_PER_WRITE);
            long planned = counts.deliveries;
            while (batch.size() < EVENTS_PER_WRITE && planned < targetDeliveries) {
                EventPlanner.EventPlan plan = planner.next(planned);
                planned += plan.deliveries().size();
                batch.add(plan);
            }
            List<String> eventIds = server.store().db().write(c -> {
                List<String> ids = new ArrayList<>(batch.size());
                for (EventPlanner.EventPlan plan : batch) {
                    clock.set(plan.time());
                    ids.add(store(c, plan));
                }
                return ids;
            });
            for (int i = 0; i < batch.size(); i++) {
                EventPlanner.EventPlan plan = batch.get(i);
                counts.add(plan);
                if (plan.project() == main && !plan.deliveries().isEmpty()) {
                    eventSample.offer(eventIds.get(i));
                    if (!plan.event().idempotencyKey().isEmpty()) {
                        keySample.offer(plan.event().idempotencyKey());
                    }
                }
            }
            if (counts.deliveries >= nextReport) {
                log.printf("  seeded %,d deliveries, %,d events, %,d attempts (%.0f s)%n", counts.deliveries,
                        counts.events, counts.attempts, seconds(began));
                nextReport += targetDeliveries / 10;
            }
        }
        clock.release();
        return counts.describe(main, start, end, seconds(began), seed, eventSample.values(), keySample.values());
    }

    /** Writes one event, its deliveries and their attempts in the caller's transaction; returns the event ID. */
    private String store(Connection c, EventPlanner.EventPlan plan) throws SQLException {
        Event event = server.repositories().events().insert(c, plan.event());
        if (plan.deliveries().isEmpty()) {
            return event.uid();
        }
        String projectId = plan.project().id;
        List<DeliveryRepository.NewDelivery> deliveries = new ArrayList<>();
        for (EventPlanner.DeliveryPlan d : plan.deliveries()) {
            deliveries.add(new DeliveryRepository.NewDelivery(event.uid(), d.endpointId(), d.subscriptionId(),
                    event.sourceId(), event.eventType(), event.idempotencyKey(), d.status(),
                    DeliveryMode.AT_LEAST_ONCE, event.headers(), "", new Retry(
                    SeededProject.STRATEGY.type(), SeededProject.STRATEGY.duration(),
                    SeededProject.STRATEGY.retryCount(), 0), null, d.numTrials(), d.nextSendTime(),
                    d.latencySeconds(), d.description(), event.acknowledgedAt(), lastHttpStatus(d)));
        }
        List<EventDelivery> stored = server.repositories().deliveries().insertDeliveries(c, projectId, deliveries);
        for (int i = 0; i < stored.size(); i++) {
            EventDelivery delivery = stored.get(i);
            String url = plan.project().endpointUrls.get(delivery.endpointId());
            for (EventPlanner.AttemptPlan a : plan.deliveries().get(i).attempts()) {
                Instant requested = plan.time().plus(a.after());
                server.repositories().attempts().insert(c, projectId, new AttemptRepository.NewAttempt(delivery.uid(),
                        delivery.endpointId(), url, "POST", "2025-11-24", "203.0.113.10",
                        Map.of("Content-Type", "application/json", "X-Convoy-Signature", "t=" + requested
                                .getEpochSecond() + ",v1=" + "0".repeat(64)), plan.event().data(),
                        Map.of("Content-Type", "application/json"), a.httpStatus(), a.responseData(), a.error(),
                        a.success(), a.latencyMs(), requested, requested.plusMillis(a.latencyMs())));
            }
        }
        return event.uid();
    }

    /** What the delivery's last planned attempt got (the dispatcher would have recorded it), null if none. */
    private static Integer lastHttpStatus(EventPlanner.DeliveryPlan d) {
        return d.attempts().isEmpty() ? null
                : AttemptRepository.statusCodeOf(d.attempts().get(d.attempts().size() - 1).httpStatus());
    }

    private static double seconds(long sinceNanos) {
        return (System.nanoTime() - sinceNanos) / 1e9;
    }

    /** Keeps a uniform random sample of what it is offered. */
    static final class Reservoir<T> {
        private final int size;
        private final Random random;
        private final List<T> values = new ArrayList<>();
        private long seen;

        Reservoir(int size, Random random) {
            this.size = size;
            this.random = random;
        }

        void offer(T value) {
            seen++;
            if (values.size() < size) {
                values.add(value);
            } else {
                long slot = (long) (random.nextDouble() * seen);
                if (slot < size) {
                    values.set((int) slot, value);
                }
            }
        }

        List<T> values() {
            return List.copyOf(values);
        }
    }

    /** What was seeded, counted as it is written. */
    private static final class Counts {
        private final List<SeededProject> projects;
        private final Map<SeededProject, long[]> perProject = new LinkedHashMap<>();
        private final Map<String, Long> statuses = new LinkedHashMap<>();
        private final Map<String, Long> endpoints = new LinkedHashMap<>();
        private final Map<String, Long> subscriptions = new LinkedHashMap<>();
        private final Map<String, Long> eventTypes = new LinkedHashMap<>();
        long events;
        long deliveries;
        long duplicates;
        long attempts;

        Counts(List<SeededProject> projects) {
            this.projects = projects;
            for (SeededProject p : projects) {
                perProject.put(p, new long[2]);
            }
            SeededProject main = projects.get(0);
            for (EventDeliveryStatus s : EventDeliveryStatus.values()) {
                statuses.put(s.wire(), 0L);
            }
            main.endpoints.forEach(e -> endpoints.put(e, 0L));
            main.subscriptions.values().forEach(s -> subscriptions.put(s, 0L));
        }

        void add(EventPlanner.EventPlan plan) {
            events++;
            deliveries += plan.deliveries().size();
            duplicates += plan.event().duplicate() ? 1 : 0;
            long[] project = perProject.get(plan.project());
            project[0]++;
            project[1] += plan.deliveries().size();
            boolean main = plan.project() == projects.get(0);
            if (main && !plan.event().duplicate()) {
                eventTypes.merge(plan.event().eventType(), 1L, Long::sum);
            }
            for (EventPlanner.DeliveryPlan d : plan.deliveries()) {
                attempts += d.attempts().size();
                if (main) {
                    statuses.merge(d.status().wire(), 1L, Long::sum);
                    endpoints.merge(d.endpointId(), 1L, Long::sum);
                    subscriptions.merge(d.subscriptionId(), 1L, Long::sum);
                }
            }
        }

        DataSet describe(SeededProject main, Instant start, Instant end, double seconds, long seed,
                         List<String> sampleEvents, List<String> sampleKeys) {
            List<DataSet.ProjectFacts> facts = new ArrayList<>();
            for (SeededProject p : projects) {
                long[] c = perProject.get(p);
                facts.add(new DataSet.ProjectFacts(p.name, p.id, p.type.wire(), c[0], c[1], p.endpoints.size(),
                        p.sources.size(), p.subscriptions.size()));
            }
            String busy = main.endpoints.get(0);
            String quiet = leastUsed(endpoints);
            String second = main.endpoints.stream().filter(e -> !e.equals(busy) && !e.equals(quiet))
                    .max(Comparator.comparingLong(endpoints::get)).orElse(busy);
            String busySubscription = subscriptions.entrySet().stream().max(Map.Entry.comparingByValue())
                    .orElseThrow().getKey();
            return new DataSet(DataSet.VERSION, deliveries, events, duplicates, attempts, start, end, seconds, seed,
                    facts, main.id, busy, quiet, List.of(busy, second, quiet), busySubscription,
                    leastUsed(subscriptions), eventTypes.entrySet().stream().max(Map.Entry.comparingByValue())
                    .orElseThrow().getKey(), leastUsed(eventTypes), COMMON_WORD, RARE_WORD, sampleEvents,
                    sampleKeys, statuses, endpoints, subscriptions);
        }

        /** The key with the smallest count above zero (a filter that matches nothing measures nothing). */
        private static String leastUsed(Map<String, Long> counts) {
            return counts.entrySet().stream().filter(e -> e.getValue() > 0).min(Map.Entry.comparingByValue())
                    .orElseThrow().getKey();
        }
    }
}
