package dev.hookline.bench;

import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.EventStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.events.EventRepository;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Decides what each seeded event looks like: its project, source, type, payload, idempotency key, and its
 * deliveries with their status and attempts. Deterministic for a given seed.
 *
 * <p>Shape: events arrive evenly over the data set's span. An event has 1 to 9 deliveries (capped by the endpoints
 * that can receive it); in the incoming project the busy endpoint gets 90 % of the events and the others follow
 * Zipf's law by rank, so a few endpoints take most deliveries and some very few. Deliveries older than two days are
 * settled (Success, some Failure, rare Discarded); the last two days also hold the ones still in flight (Scheduled,
 * Retry, Processing). 40 % of events carry an idempotency key, 1 % of events repeat a recent key and are stored as
 * duplicates without deliveries.
 */
final class EventPlanner {

    /** One HTTP try of a delivery. */
    record AttemptPlan(String httpStatus, boolean success, long latencyMs, String error, String responseData,
                       Duration after) {
    }

    /** A delivery of the event, with its final state. */
    record DeliveryPlan(String endpointId, String subscriptionId, EventDeliveryStatus status, long numTrials,
                        Instant nextSendTime, double latencySeconds, String description,
                        List<AttemptPlan> attempts) {
    }

    /** An event to store at {@code time}, and its deliveries. */
    record EventPlan(SeededProject project, Instant time, EventRepository.NewEvent event, Payloads.Kind kind,
                     List<DeliveryPlan> deliveries) {
    }

    static final double BUSY_SHARE = 0.9;
    static final double IDEMPOTENCY_KEY_SHARE = 0.4;
    static final double DUPLICATE_SHARE = 0.01;
    static final double SUCCESS_WITH_ATTEMPTS_SHARE = 0.1;
    static final Duration RECENT = Duration.ofDays(2);
    /** About one main-project event in this many mentions the rare word (at least five do in any data set). */
    static final int RARE_WORD_EVERY = 2000;
    private static final int RECENT_KEYS = 1000;
    private static final double ZIPF_EXPONENT = 1.1;

    private static final Weighted<EventDeliveryStatus> SETTLED = new Weighted<EventDeliveryStatus>()
            .add(EventDeliveryStatus.SUCCESS, 92).add(EventDeliveryStatus.FAILURE, 7.4)
            .add(EventDeliveryStatus.DISCARDED, 0.6);
    private static final Weighted<EventDeliveryStatus> IN_FLIGHT = new Weighted<EventDeliveryStatus>()
            .add(EventDeliveryStatus.SUCCESS, 78).add(EventDeliveryStatus.SCHEDULED, 8)
            .add(EventDeliveryStatus.RETRY, 7).add(EventDeliveryStatus.FAILURE, 5)
            .add(EventDeliveryStatus.PROCESSING, 1.5).add(EventDeliveryStatus.DISCARDED, 0.5);
    private static final List<String> FAILED_STATUSES = List.of("500 Internal Server Error", "502 Bad Gateway",
            "503 Service Unavailable", "404 Not Found", "");

    private final Random random;
    private final Instant start;
    private final Duration span;
    private final long targetDeliveries;
    private final Weighted<SeededProject> projects = new Weighted<>();
    private final Map<String, Weighted<String>> quietListeners = new HashMap<>();
    private final Map<String, Weighted<SeededProject.SourceSetup>> sources = new HashMap<>();
    private final Map<String, Weighted<String>> outgoingEndpoints = new HashMap<>();
    private final Map<String, ArrayDeque<String>> recentKeys = new HashMap<>();
    private final long rareWordEvery;
    private long mainEvents;

    EventPlanner(List<SeededProject> seeded, Instant start, Instant end, long targetDeliveries, Random random) {
        this.random = random;
        this.start = start;
        this.span = Duration.between(start, end);
        this.targetDeliveries = targetDeliveries;
        for (SeededProject p : seeded) {
            projects.add(p, p.share);
            recentKeys.put(p.id, new ArrayDeque<>());
            if (p.type == ProjectType.INCOMING) {
                Weighted<SeededProject.SourceSetup> bySource = new Weighted<>();
                for (SeededProject.SourceSetup s : p.sources) {
                    bySource.add(s, s.weight());
                    Weighted<String> others = new Weighted<>();
                    for (String endpoint : s.listeners()) {
                        int rank = p.endpoints.indexOf(endpoint);
                        if (rank > 0) {
                            others.add(endpoint, 1.0 / Math.pow(rank, ZIPF_EXPONENT));
                        }
                    }
                    quietListeners.put(s.id(), others);
                }
                sources.put(p.id, bySource);
            } else {
                outgoingEndpoints.put(p.id, Weighted.zipf(p.endpoints, ZIPF_EXPONENT));
            }
        }
        double mainShare = seeded.get(0).share;
        long expectedMainEvents = (long) (targetDeliveries / 5.0 * mainShare);
        this.rareWordEvery = Math.max(1, Math.min(RARE_WORD_EVERY, expectedMainEvents / 5));
    }

    /** The next event, placed in time by how many deliveries were planned before it. */
    EventPlan next(long deliveriesSoFar) {
        Instant time = start.plus(span.multipliedBy(Math.min(deliveriesSoFar, targetDeliveries))
                .dividedBy(targetDeliveries));
        SeededProject project = projects.pick(random);
        boolean incoming = project.type == ProjectType.INCOMING;
        SeededProject.SourceSetup source = incoming ? sources.get(project.id).pick(random) : null;
        Payloads.Kind kind = incoming ? source.kind() : Payloads.Kind.APPLICATION;
        String eventType = incoming ? source.eventTypes().pick(random) : project.eventTypes.pick(random);
        boolean rareWord = false;
        if (incoming) {
            mainEvents++;
            rareWord = mainEvents % rareWordEvery == 0;
        }
        String data = Payloads.payload(kind, eventType, time.getEpochSecond(), random, rareWord);
        ArrayDeque<String> keys = recentKeys.get(project.id);
        String sourceId = incoming ? source.id() : null;
        if (!keys.isEmpty() && random.nextDouble() < DUPLICATE_SHARE) {
            // a sender's retry of an event already received: stored, flagged, no deliveries
            String key = keys.peekLast();
            return new EventPlan(project, time, new EventRepository.NewEvent(project.id, eventType, sourceId, List.of(),
                    Payloads.headers(kind, random), data, "", "", key, true, EventStatus.SUCCESS, "", null), kind,
                    List.of());
        }
        String key = "";
        if (random.nextDouble() < IDEMPOTENCY_KEY_SHARE) {
            key = "idem_" + Payloads.alnum(random, 20);
            keys.addLast(key);
            if (keys.size() > RECENT_KEYS) {
                keys.removeFirst();
            }
        }
        List<String> endpoints = incoming ? incomingTargets(project, source) : outgoingTargets(project);
        List<DeliveryPlan> deliveries = new ArrayList<>();
        for (String endpoint : endpoints) {
            deliveries.add(delivery(project, endpoint, sourceId, time));
        }
        return new EventPlan(project, time, new EventRepository.NewEvent(project.id, eventType, sourceId, endpoints,
                Payloads.headers(kind, random), data, "", "", key, false, EventStatus.SUCCESS, "", null), kind,
                deliveries);
    }

    private int deliveryCount() {
        return 1 + random.nextInt(9);
    }

    private List<String> incomingTargets(SeededProject project, SeededProject.SourceSetup source) {
        int count = deliveryCount();
        List<String> out = new ArrayList<>();
        if (random.nextDouble() < BUSY_SHARE) {
            out.add(project.endpoints.get(0));
        }
        out.addAll(quietListeners.get(source.id()).pickDistinct(random, count - out.size()));
        if (out.isEmpty()) {
            out.add(project.endpoints.get(0));
        }
        return out;
    }

    private List<String> outgoingTargets(SeededProject project) {
        return outgoingEndpoints.get(project.id).pickDistinct(random, deliveryCount());
    }

    private DeliveryPlan delivery(SeededProject project, String endpoint, String sourceId, Instant time) {
        boolean inFlight = Duration.between(time, start.plus(span)).compareTo(RECENT) <= 0;
        EventDeliveryStatus status = (inFlight ? IN_FLIGHT : SETTLED).pick(random);
        String subscription = project.subscription(endpoint, sourceId);
        double latency = 0.03 + random.nextDouble() * 1.5;
        return switch (status) {
            case SUCCESS -> {
                long trials = random.nextDouble() < 0.08 ? 2 : 1;
                List<AttemptPlan> attempts = new ArrayList<>();
                if (random.nextDouble() < SUCCESS_WITH_ATTEMPTS_SHARE) {
                    for (int i = 1; i < trials; i++) {
                        attempts.add(failedAttempt(i - 1));
                    }
                    attempts.add(new AttemptPlan("200 OK", true, (long) (latency * 1000), "", "{\"received\":true}",
                            Duration.ofSeconds(60 * (trials - 1))));
                }
                yield new DeliveryPlan(endpoint, subscription, status, trials, time, latency, "", attempts);
            }
            case FAILURE -> {
                List<AttemptPlan> attempts = new ArrayList<>();
                for (int i = 0; i < SeededProject.STRATEGY.retryCount(); i++) {
                    attempts.add(failedAttempt(i));
                }
                yield new DeliveryPlan(endpoint, subscription, status, attempts.size(), time, latency,
                        attempts.get(attempts.size() - 1).error(), attempts);
            }
            case RETRY -> {
                int trials = 1 + random.nextInt(2);
                List<AttemptPlan> attempts = new ArrayList<>();
                for (int i = 0; i < trials; i++) {
                    attempts.add(failedAttempt(i));
                }
                yield new DeliveryPlan(endpoint, subscription, status, trials, time.plusSeconds(60L * trials),
                        latency, attempts.get(trials - 1).error(), attempts);
            }
            case DISCARDED -> new DeliveryPlan(endpoint, subscription, status, 0, time, 0,
                    "endpoint is paused", List.of());
            default -> new DeliveryPlan(endpoint, subscription, status, 0, time, 0, "", List.of());
        };
    }

    private AttemptPlan failedAttempt(int index) {
        String httpStatus = FAILED_STATUSES.get(random.nextInt(FAILED_STATUSES.size()));
        String error = httpStatus.isEmpty() ? "context deadline exceeded (Client.Timeout exceeded)"
                : "unexpected status " + httpStatus.substring(0, 3);
        long latencyMs = httpStatus.isEmpty() ? 10_000 : 20 + random.nextInt(2000);
        return new AttemptPlan(httpStatus, false, latencyMs, error,
                httpStatus.isEmpty() ? "" : "{\"error\":\"" + httpStatus + "\"}", Duration.ofSeconds(60L * index));
    }
}
