package dev.hookline.server.dispatch;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.api.model.RateLimitConfig;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.PollLoop;
import dev.hookline.server.pacing.FloodPacing;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.deliveries.DeliveryLifecycle.Transition;
import dev.hookline.server.outbound.HttpUrls;
import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.outbound.Webhook;
import dev.hookline.server.outbound.WebhookSender;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends due event deliveries.
 *
 * <p>One loop thread looks for due deliveries when signalled ({@link Signals#deliveriesDue()}) or
 * every {@code pollInterval}: it reads a batch from the {@code deliveries_due} index, decides for each (send,
 * discard because the endpoint is paused, inactive or gone, defer because of a rate limit, or leave for later
 * because its endpoint is busy or its circuit open), and writes those decisions in one transaction, each a
 * {@link dev.hookline.server.deliveries.DeliveryLifecycle} transition. A claimed delivery is not written: it is
 * leased in memory ({@link DispatchState}) until its outcome committed, and the API shows it {@code Processing}
 * (only {@code at_most_once} ones are written {@code Processing}). Claimed deliveries go to their endpoint's lane,
 * which sends at most
 * {@code perEndpointSends} at a time, each on a virtual thread, so a slow or hanging endpoint only ever delays
 * itself. Results are recorded in batches by {@link OutcomeWriter}.
 *
 * <p>Fair between projects (ADR 0042): one project holds at most {@link DispatchSettings#perProjectInFlight()} of the
 * claimed deliveries ({@link ProjectShares}), and a look takes the projects' due deliveries in turn, not oldest first
 * over all, so a replay storm or a huge fan-out in one project does not queue another project's deliveries behind it.
 *
 * <p>At start, deliveries a previous run left {@code Processing} are put back to be sent, or failed if at_most_once
 * ({@link DueDeliveries#recoverInterrupted}); an at_least_once delivery in flight at a crash is still waiting in its
 * row and is sent again. {@link #close()} stops claiming, hands back claimed deliveries that did not start, and lets
 * tries in flight finish for {@code shutdownGrace}; what is still in flight then is sent again at the next start.
 */
public final class Dispatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

    private final Store store;
    private final Signals signals;
    private final EndpointRepository endpoints;
    private final ProjectRepository projects;
    private final WebhookSender sender;
    private final DispatchSettings settings;
    private final CircuitBreakers breakers;
    private final DispatchState state;
    private final RateLimits rateLimits;
    private final OutcomeWriter outcomes;
    private final ProjectShares shares;
    private final FloodPacing pacing;
    private final Map<String, Lane> lanes = new ConcurrentHashMap<>();
    private final AtomicInteger claimed = new AtomicInteger();
    private final PollLoop loop;

    public Dispatcher(Store store, Signals signals, DispatchState state, CircuitBreakers breakers,
                      EndpointRepository endpoints, ProjectRepository projects, OutcomeWriter outcomes,
                      WebhookSender sender, FloodPacing pacing, DispatchSettings settings) {
        this.store = store;
        this.signals = signals;
        this.endpoints = endpoints;
        this.projects = projects;
        this.sender = sender;
        this.settings = settings;
        this.breakers = breakers;
        this.state = state;
        this.rateLimits = state.rateLimits();
        this.outcomes = outcomes;
        this.pacing = pacing;
        this.shares = new ProjectShares(settings.perProjectInFlight(), pacing);
        this.loop = new PollLoop("hookline-dispatcher", settings.pollInterval(), this::claimWhileDue,
                e -> LOG.warn("looking for due deliveries failed: {}", e.toString()));
    }

    public Dispatcher(Store store, Signals signals, DispatchState state, CircuitBreakers breakers,
                      EndpointRepository endpoints, ProjectRepository projects, OutcomeWriter outcomes,
                      WebhookSender sender, FloodPacing pacing) {
        this(store, signals, state, breakers, endpoints, projects, outcomes, sender, pacing,
                DispatchSettings.DEFAULTS);
    }

    /** Recovers deliveries an earlier run left {@code Processing}, then starts sending. */
    public synchronized void start() {
        if (loop.running()) {
            return;
        }
        Instant now = store.now();
        int[] recovered = store.db().write(c -> DueDeliveries.recoverInterrupted(c, now));
        if (recovered[0] + recovered[1] > 0) {
            LOG.info("recovered deliveries interrupted by the last stop: {} to send again, {} at_most_once failed",
                    recovered[0], recovered[1]);
        }
        signals.onDeliveriesDue(this::wakeUp);
        loop.start();
    }

    /** Looks for due deliveries now instead of at the next poll. */
    public void wakeUp() {
        loop.wakeUp();
    }

    /** The loop's step: looks again at once as long as a look claims something. */
    private void claimWhileDue() {
        while (loop.running() && claimOnce()) {
            // a full batch was claimed: more may be due
        }
    }

    /** One look: claims what may go out now; true when something was claimed (a lane may have room for more). */
    private boolean claimOnce() {
        int room = settings.maxInFlight() - claimed.get();
        if (room <= 0) {
            return false;
        }
        int limit = Math.min(settings.claimBatch(), room);
        Instant now = store.now();
        long look = state.startLook();
        Set<String> skip = new HashSet<>(breakers.blocked(now));
        // a full lane is left out (one seek) until half its backlog went out (it wakes the loop then); a lane with
        // room is topped up, and the loop looks again at once after any claim, so a fast endpoint's lane never runs
        // dry while a claim waits for its commit (waiting for half before refilling measured ~40 % slower drains)
        int refillBelow = settings.perEndpointLoad() - 1;
        lanes.forEach((endpointId, lane) -> {
            if (lane.load() > refillBelow) {
                skip.add(endpointId);
                lane.markSkipped();
            }
        });
        DueDeliveries.Batch batch = store.db().read(c -> DueDeliveries.due(c, store, endpoints, projects, now, limit, skip, endpointId -> {
            Lane lane = lanes.get(endpointId);
            return settings.perEndpointLoad() - (lane == null ? 0 : lane.load());
        }, state, look, shares));
        if (batch.deliveries().isEmpty()) {
            return false;
        }
        Map<String, Boolean> probes = new HashMap<>();
        DueDeliveries.Plan plan = admit(batch, now, probes);
        if (plan.isEmpty()) {
            return false;
        }
        // a plan of at_least_once claims only writes nothing (the lease is in memory): no round trip to the writer,
        // which a flood keeps busy, and whose queue this look would otherwise wait in
        List<DueDelivery> toSend = plan.writesNothing() ? plan.claim()
                : store.db().write(c -> DueDeliveries.apply(c, plan, now));
        Set<String> sent = new HashSet<>();
        Set<Lane> filled = new HashSet<>();
        for (DueDelivery d : toSend) {
            state.lease(d.id(), d.endpointId()); // in flight: held in memory, not written (ADR 0008)
            sent.add(d.id());
            Endpoint endpoint = batch.endpoints().get(d.endpointId());
            ProjectConfig config = batch.projects().get(d.projectId()).config();
            claimed.incrementAndGet();
            shares.claimed(d.projectId());
            Lane lane = lanes.computeIfAbsent(d.endpointId(), id -> new Lane());
            // a new delivery with a free slot: until its send starts, its lag is the server's doing
            boolean fresh = d.numTrials() == 0 && lane.load() < settings.perEndpointSends();
            lane.submit(new Job(d, endpoint, config, probes.containsKey(d.id()), fresh));
            filled.add(lane);
        }
        for (Lane lane : filled) {
            if (lane.load() > refillBelow) {
                lane.markSkipped(); // it wakes the loop once half its backlog went out
            }
        }
        for (DueDelivery d : plan.claim()) {
            if (!sent.contains(d.id()) && probes.containsKey(d.id())) {
                breakers.probeAbandoned(d.endpointId());
            }
        }
        return !toSend.isEmpty();
    }

    /** Decides for each due delivery: send, discard, defer, or leave for a later look. */
    private DueDeliveries.Plan admit(DueDeliveries.Batch batch, Instant now, Map<String, Boolean> probes) {
        List<DueDelivery> claim = new ArrayList<>();
        Map<String, Transition> discard = new LinkedHashMap<>();
        Map<String, Instant> defer = new LinkedHashMap<>();
        Map<String, Integer> takenPerEndpoint = new HashMap<>();
        for (DueDelivery d : batch.deliveries()) {
            Endpoint endpoint = batch.endpoints().get(d.endpointId());
            Project project = batch.projects().get(d.projectId());
            if (project == null) {
                discard.put(d.id(), Transition.DISCARDED_PROJECT_GONE);
                continue;
            }
            if (endpoint == null) {
                discard.put(d.id(), Transition.DISCARDED_ENDPOINT_GONE);
                continue;
            }
            if (endpoint.status() == EndpointStatus.PAUSED) {
                discard.put(d.id(), Transition.DISCARDED_ENDPOINT_PAUSED);
                continue;
            }
            if (endpoint.status() == EndpointStatus.INACTIVE) {
                discard.put(d.id(), Transition.DISCARDED_ENDPOINT_INACTIVE);
                continue;
            }
            Lane lane = lanes.get(d.endpointId());
            int taken = takenPerEndpoint.getOrDefault(d.endpointId(), 0);
            if ((lane == null ? 0 : lane.load()) + taken >= settings.perEndpointLoad()) {
                continue;
            }
            breakers.learn(project.uid(), project.config() == null ? null : project.config().circuitBreaker());
            CircuitBreakers.Admission admission = breakers.admit(d.endpointId(), now);
            if (admission == CircuitBreakers.Admission.WAIT) {
                continue;
            }
            boolean probe = admission == CircuitBreakers.Admission.PROBE;
            Duration wait = rateLimits.tryTake("endpoint:" + endpoint.uid(), nz(endpoint.rateLimit()),
                    nz(endpoint.rateLimitDuration()), now);
            if (wait.isZero()) {
                RateLimitConfig subscriptionLimit = batch.subscriptionLimits().get(d.subscriptionId());
                if (subscriptionLimit != null) {
                    wait = rateLimits.tryTake("subscription:" + d.subscriptionId(), nz(subscriptionLimit.count()),
                            nz(subscriptionLimit.duration()), now);
                    if (!wait.isZero()) {
                        rateLimits.giveBack("endpoint:" + endpoint.uid());
                    }
                }
            }
            if (!wait.isZero()) {
                defer.put(d.id(), now.plus(wait));
                if (probe) {
                    breakers.probeAbandoned(d.endpointId());
                }
                continue;
            }
            claim.add(d);
            takenPerEndpoint.merge(d.endpointId(), 1, Integer::sum);
            if (probe) {
                probes.put(d.id(), true);
            }
        }
        return new DueDeliveries.Plan(claim, discard, defer);
    }

    /** One try: builds the webhook, sends it, counts it on the breaker and hands the result to the writer. */
    private void send(Job job) {
        DueDelivery d = job.delivery();
        if (job.fresh()) {
            pacing.startedNew(d.projectId());
        }
        Instant before = store.now();
        if (!job.probe() && breakers.state(d.endpointId(), before) != CircuitBreakers.State.CLOSED) {
            // the circuit opened while this one waited for a slot: not a try, back to wait for the circuit
            outcomes.handBack(d, breakers.reopensAt(d.endpointId(), before), Transition.HELD_CIRCUIT_OPEN);
            return;
        }
        Webhook webhook = new Webhook(d.projectId(), target(job.endpoint(), d.urlQueryParams()),
                job.config().signature(), d.eventType(),
                d.eventId(), d.id(), d.idempotencyKey(), d.headers(),
                d.payload() == null ? new byte[0] : d.payload().getBytes(StandardCharsets.UTF_8));
        if (Boolean.TRUE.equals(job.config().addEventIdTraceHeaders())) {
            webhook = webhook.withEventIdTraceHeaders(); // X-Convoy-Event-ID and X-Convoy-EventDelivery-ID
        }
        SendResult result;
        try {
            result = sender.send(webhook);
        } catch (RuntimeException e) {
            Instant failedAt = store.now();
            result = new SendResult(job.endpoint().url(), "POST", "", Map.of(), d.payload(), 0, "", Map.of(), "",
                    "could not send: " + e.getMessage(), before, failedAt,
                    Duration.between(before, failedAt).toMillis());
        }
        Instant now = store.now();
        DeliveryOutcome outcome = DeliveryOutcome.of(d, result, now, ThreadLocalRandom.current());
        boolean tripped = breakers.record(d.endpointId(), d.projectId(), result.delivered(), job.probe(), now);
        boolean deactivate = Boolean.TRUE.equals(job.config().disableEndpoint())
                && (tripped || outcome.limitReached());
        LOG.info("delivery {} to endpoint {} try {}: {} in {} ms -> {}{}", d.id(), d.endpointId(),
                outcome.numTrials(), result.responded() ? result.statusLine() : result.error(),
                result.latencyMillis(), outcome.status().wire(), deactivate ? " (endpoint deactivated)" : "");
        outcomes.tried(new OutcomeWriter.Tried(d, result, outcome, deactivate));
    }

    @Override
    public void close() {
        if (!loop.stop()) {
            return;
        }
        signals.onDeliveriesDue(() -> { });
        loop.join(Duration.ofSeconds(5));
        Instant now = store.now();
        int handedBack = 0;
        for (Lane lane : lanes.values()) {
            for (Job job : lane.drain()) {
                outcomes.handBack(job.delivery(), now, Transition.HANDED_BACK_ON_STOP);
                claimed.decrementAndGet();
                shares.done(job.delivery().projectId());
                handedBack++;
            }
        }
        long deadline = System.nanoTime() + settings.shutdownGrace().toNanos();
        while (claimed.get() > 0 && System.nanoTime() < deadline) {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        outcomes.awaitWritten(Duration.ofSeconds(5));
        if (handedBack > 0 || claimed.get() > 0) {
            LOG.info("dispatcher stopped: {} unsent deliveries handed back, {} still in flight left to recovery",
                    handedBack, claimed.get());
        }
    }

    /**
     * The endpoint to call: as stored, with the event's {@code url_query_params} appended to its URL (Convoy sends
     * {@code POST <endpoint url>?<url_query_params>}).
     */
    static Endpoint target(Endpoint e, String urlQueryParams) {
        if (urlQueryParams == null || urlQueryParams.isBlank()) {
            return e;
        }
        return e.toBuilder().url(HttpUrls.withQuery(e.url(), urlQueryParams)).build();
    }

    private static long nz(Number n) {
        return n == null ? 0 : n.longValue();
    }

    /**
     * A claimed delivery with what its try needs. {@code probe}: the half-open circuit's probe; {@code fresh}: a first
     * try claimed while its endpoint had a free send slot (its wait until the send starts counts as lag for pacing).
     */
    private record Job(DueDelivery delivery, Endpoint endpoint, ProjectConfig config, boolean probe, boolean fresh) {
    }

    /** One endpoint's sends: at most {@code perEndpointSends} at a time, the rest wait in order. */
    private final class Lane {
        private final ArrayDeque<Job> waiting = new ArrayDeque<>();
        private int sending;
        private boolean skipped;

        void submit(Job job) {
            synchronized (this) {
                if (sending >= settings.perEndpointSends()) {
                    waiting.add(job);
                    return;
                }
                sending++;
            }
            Thread.ofVirtual().name("hookline-delivery").start(() -> work(job));
        }

        private void work(Job first) {
            Job job = first;
            while (job != null) {
                try {
                    send(job);
                } catch (RuntimeException e) {
                    LOG.warn("delivery {} could not be processed: {}", job.delivery().id(), e.toString());
                    state.release(job.delivery().id()); // nothing recorded: its row is due again at the next look
                } finally {
                    claimed.decrementAndGet();
                    if (shares.done(job.delivery().projectId())) {
                        wakeUp(); // its project was held at its share and has room again
                    }
                }
                job = next();
            }
        }

        private Job next() {
            boolean wake;
            Job next;
            synchronized (this) {
                next = loop.running() ? waiting.poll() : null;
                if (next == null) {
                    sending--;
                }
                // wake the loop for this endpoint once half its backlog went out, so one look claims many rows
                wake = skipped && waiting.size() <= settings.perEndpointBacklog() / 2;
                if (wake) {
                    skipped = false;
                }
            }
            if (wake) {
                wakeUp(); // the loop skipped this endpoint for being busy; it has room again
            }
            return next;
        }

        synchronized int load() {
            return sending + waiting.size();
        }

        /** The loop passed this lane over for being busy: it wakes the loop when half its backlog went out. */
        void markSkipped() {
            boolean wakeNow;
            synchronized (this) {
                wakeNow = waiting.size() <= settings.perEndpointBacklog() / 2;
                skipped = !wakeNow;
            }
            if (wakeNow) {
                wakeUp(); // it went down to half meanwhile
            }
        }

        synchronized List<Job> drain() {
            List<Job> out = new ArrayList<>(waiting);
            waiting.clear();
            return out;
        }
    }
}
