package dev.hookline.server.metaevents;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.ContentType;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.EndpointStatus;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.MetaEvent;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.store.Store;
import dev.hookline.server.signals.Signals;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.retry.RetrySchedule;
import dev.hookline.server.outbound.Hops;
import dev.hookline.server.outbound.SendResult;
import dev.hookline.server.outbound.Webhook;
import dev.hookline.server.outbound.WebhookSender;
import dev.hookline.server.retry.Retry;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends due meta events to their project's meta-event URL, through the same {@link WebhookSender} as deliveries.
 *
 * <p>Each is sent as Convoy sends it: {@code POST <meta_event.url>} with the body {@code {"event_type", "data"}},
 * a simple signature {@code X-Convoy-Signature: hex(HMAC-SHA256(meta_event.secret, body))} and
 * {@code X-Convoy-Idempotency-Key: hex(SHA-256(meta event ID))}, 10 s timeout. A 2xx is {@code Success}; anything
 * else is tried again by the project's retry strategy ({@link RetrySchedule}) until its tries are used up, then
 * {@code Failure}. The latest try's request and response headers and response body (or the error, when no response
 * came) are kept as the meta event's {@code attempt}.
 *
 * <p>One loop claims due meta events in a write (marking them {@code Processing}) and sends each on a virtual
 * thread; it wakes when one is recorded or resent ({@link Signals#metaEventsDue()}) and polls for
 * retries coming due. A meta event of a project whose meta events were switched off (or lost their URL) before it
 * went out is {@code Discarded}. Meta events left {@code Processing} by a stop are sent again at the next start.
 */
public final class MetaEventDispatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MetaEventDispatcher.class);

    /** Convoy signs meta events with this header and SHA-256/hex, whatever the project's delivery signatures. */
    static final ProjectConfig.Signature SIGNATURE = new ProjectConfig.Signature("X-Convoy-Signature",
            List.of(new ProjectConfig.SignatureVersion("", "SHA256", "hex", null)));
    static final long TIMEOUT_SECONDS = 10;
    private static final int CLAIM_BATCH = 64;
    private static final int MAX_IN_FLIGHT = 32;
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final Store store;
    private final Signals signals;
    private final ProjectRepository projects;
    private final MetaEventRepository metaEvents;
    private final WebhookSender sender;
    private final Duration pollInterval;
    private final Semaphore wake = new Semaphore(0);
    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
    private final ExecutorService sends = Executors.newVirtualThreadPerTaskExecutor();
    private volatile boolean running;
    private Thread loop;

    /** A claimed meta event and where it goes. */
    private record Claimed(MetaEvent event, String url, String secret) {
    }

    public MetaEventDispatcher(Store store, Signals signals, ProjectRepository projects, MetaEventRepository metaEvents,
                               WebhookSender sender, Duration pollInterval) {
        this.store = store;
        this.signals = signals;
        this.projects = projects;
        this.metaEvents = metaEvents;
        this.sender = sender;
        this.pollInterval = pollInterval;
    }

    /** Puts back what a previous run left mid-send, then starts the loop. */
    public synchronized void start() {
        if (running) {
            return;
        }
        int recovered = store.db().write(c -> metaEvents.recoverInterrupted(c, store.now()));
        if (recovered > 0) {
            LOG.info("{} meta events left mid-send by the last run will be sent again", recovered);
        }
        signals.onMetaEventsDue(this::wakeUp);
        running = true;
        loop = Thread.ofVirtual().name("hookline-meta-events").start(this::run);
    }

    /** Claims and sends at once instead of at the next poll. */
    public void wakeUp() {
        wake.release();
    }

    private void run() {
        while (running) {
            try {
                wake.drainPermits();
                List<Claimed> claimed = claim();
                for (Claimed item : claimed) {
                    inFlight.acquire();
                    sends.execute(() -> {
                        try {
                            send(item);
                        } finally {
                            inFlight.release();
                        }
                    });
                }
                if (claimed.size() < CLAIM_BATCH) {
                    wake.tryAcquire(pollInterval.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (!running) {
                    return;
                }
                LOG.warn("meta-event dispatcher could not claim due meta events: {}", e.toString());
                try {
                    Thread.sleep(pollInterval.toMillis());
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }
    }

    /** Marks due meta events {@code Processing} (or {@code Discarded} when their project stopped sending them). */
    private List<Claimed> claim() {
        Instant now = store.now();
        return store.db().write(c -> {
            List<Claimed> out = new ArrayList<>();
            Map<String, Optional<ProjectConfig.MetaEventConfig>> configs = new HashMap<>();
            for (MetaEvent event : metaEvents.due(c, now, CLAIM_BATCH)) {
                Optional<ProjectConfig.MetaEventConfig> meta = configs.get(event.projectId());
                if (meta == null) {
                    Project project = projects.find(c, event.projectId());
                    meta = Optional.ofNullable(project == null || project.config() == null ? null
                            : project.config().metaEvent())
                            .filter(m -> Boolean.TRUE.equals(m.isEnabled()) && m.url() != null && !m.url().isBlank());
                    configs.put(event.projectId(), meta);
                }
                if (meta.isEmpty()) {
                    metaEvents.setStatus(c, event.uid(), EventDeliveryStatus.DISCARDED, now);
                    LOG.info("meta event {} ({}) of project {} discarded: the project no longer sends meta events",
                            event.uid(), event.eventType(), event.projectId());
                    continue;
                }
                metaEvents.setStatus(c, event.uid(), EventDeliveryStatus.PROCESSING, now);
                out.add(new Claimed(event, meta.get().url().trim(), meta.get().secret()));
            }
            return out;
        });
    }

    private void send(Claimed item) {
        MetaEvent event = item.event();
        SendResult result = sender.send(webhook(item));
        long trials = event.metadata().numTrials() + 1;
        Retry retry = new Retry(event.metadata().strategy(),
                event.metadata().intervalSeconds(), event.metadata().retryLimit(),
                event.metadata().maxRetrySeconds());
        Instant now = store.now();
        EventDeliveryStatus status;
        Instant next = now;
        if (result.delivered()) {
            status = EventDeliveryStatus.SUCCESS;
        } else if (RetrySchedule.exhausted(retry, trials)) {
            status = EventDeliveryStatus.FAILURE;
        } else {
            status = EventDeliveryStatus.RETRY;
            next = RetrySchedule.nextAttemptAt(retry, trials, now, ThreadLocalRandom.current());
        }
        MetaEvent.Attempt attempt = new MetaEvent.Attempt(result.requestHeaders(), result.responseHeaders(),
                result.responded() ? result.responseBody() : result.error());
        LOG.info("meta event {} ({}) of project {} try {}: {} in {} ms, now {}", event.uid(), event.eventType(),
                event.projectId(), trials, result.responded() ? result.statusLine() : result.error(),
                result.latencyMillis(), status.wire());
        EventDeliveryStatus finalStatus = status;
        Instant finalNext = next;
        try {
            store.db().write(c -> metaEvents.recordTry(c, event.uid(), finalStatus, trials, finalNext,
                    attempt, now));
        } catch (RuntimeException e) {
            // it stays Processing; the next start sends it again
            LOG.warn("could not record the try of meta event {}: {}", event.uid(), e.toString());
        }
    }

    /** The webhook Convoy would send: a synthetic endpoint at the meta-event URL, signed with its secret. */
    static Webhook webhook(MetaEvent event, String url, String secret) {
        List<EndpointSecret> secrets = secret == null || secret.isEmpty() ? List.of()
                : List.of(new EndpointSecret("", secret, null, null, null, null));
        Endpoint target = Endpoint.builder().uid("").projectId(event.projectId()).ownerId("").url(url)
                .name("meta events").secrets(secrets).advancedSignatures(false).description("").slackWebhookUrl("")
                .teamsWebhookUrl("").supportEmail("").status(EndpointStatus.ACTIVE).httpTimeout(TIMEOUT_SECONDS)
                .rateLimit(0).rateLimitDuration(0L).contentType(ContentType.APPLICATION_JSON).build();
        return new Webhook(event.projectId(), target, SIGNATURE, event.eventType(), "", event.uid(),
                idempotencyKey(event.uid()), carriedHops(event), body(event));
    }

    /**
     * The hop count of the event a meta event reports on ({@code eventdelivery.*}: the delivery's headers;
     * {@code event.loop_cut}: the event's), carried on like a delivery's: a meta-event URL that leads back into a
     * source of the project (directly or under another name) would otherwise report each delivery of the event it
     * made, forever, with no count growing to cut it (ADR 0039).
     */
    private static Map<String, List<String>> carriedHops(MetaEvent event) {
        JsonNode data = event.metadata() == null || event.metadata().data() == null ? null
                : event.metadata().data().path("data");
        int hops = data == null ? 0 : Hops.of(data.path("headers"));
        return hops == 0 ? Map.of() : Map.of(Hops.HEADER, List.of(Integer.toString(hops)));
    }

    private Webhook webhook(Claimed item) {
        return webhook(item.event(), item.url(), item.secret());
    }

    /** The body as stored in {@code metadata.data}, compact. */
    static byte[] body(MetaEvent event) {
        try {
            return Json.strict().writeValueAsBytes(event.metadata().data());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("meta event " + event.uid() + " has a body that is not JSON", e);
        }
    }

    /** {@code hex(SHA-256(id))}, Convoy's idempotency key for a meta event. */
    static String idempotencyKey(String metaEventId) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(metaEventId.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is unavailable", e);
        }
    }

    /** Stops claiming, gives sends in flight a moment, then interrupts them (they are sent again next start). */
    @Override
    public synchronized void close() {
        if (!running) {
            return;
        }
        running = false;
        signals.onMetaEventsDue(() -> { });
        wake.release();
        sends.shutdown();
        try {
            loop.join(STOP_GRACE.toMillis());
            if (!sends.awaitTermination(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                sends.shutdownNow();
            }
        } catch (InterruptedException e) {
            sends.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }
}
