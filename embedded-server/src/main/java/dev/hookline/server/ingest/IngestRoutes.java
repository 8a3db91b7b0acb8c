package dev.hookline.server.ingest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.SourceType;
import dev.hookline.server.ServerContext;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.http.Router;
import dev.hookline.server.projects.ProjectConfigs;
import dev.hookline.server.sources.SourceRepository;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /ingest/{maskID}}: webhooks sent to an incoming source (no API key; the source's verifier instead),
 * and {@code GET /ingest/{maskID}?crc_token=...}, Twitter's challenge. The event and its deliveries are committed
 * before the answer, so a 2xx means the event is durable.
 */
public final class IngestRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(IngestRoutes.class);
    static final String SOURCE_ID_HEADER = "X-Convoy-Source-Id";
    private static final String RECEIVED_ANSWER = "{\"status\":true,\"message\":\"Event received\",\"data\":";
    private static final String DUPLICATE_ANSWER = "{\"status\":true,\"message\":\"Duplicate event received, but "
            + "will not be sent\",\"data\":";

    private final ServerContext context;
    private final ConfigCache cache;
    private final IngestBatcher batcher;

    public IngestRoutes(ServerContext context) {
        this.context = context;
        this.cache = ConfigCache.of(context);
        this.batcher = new IngestBatcher(context);
    }

    public void register(Router router) {
        router.post("/ingest/{maskID}", Access.PUBLIC, this::ingest);
        router.get("/ingest/{maskID}", Access.PUBLIC, this::crc);
    }

    private void ingest(Exchange ex) throws Exception {
        String maskId = ex.pathParam("maskID");
        Source source = sourceFor(maskId);
        Project project = cache.project(source.projectId());
        if (project == null) {
            throw ApiError.notFound("source not found");
        }
        byte[] body = readBody(ex, maxPayloadBytes(project));
        Function<String, String> header = name -> ex.requestHeaders().getFirst(name);
        SourceVerifier.verify(source, header, body);
        IngestPayload payload = IngestPayload.of(header.apply("Content-Type"), body);
        Map<String, List<String>> headers = canonicalHeaders(ex);
        headers.put(SOURCE_ID_HEADER, List.of(maskId));
        String key = IdempotencyKeys.compute(source.name(), source.idempotencyKeys(), header, ex.queryParameters(),
                payload.tree());
        SourceFunctions.Result event = SourceFunctions.apply(source, payload, headers);
        EventIntake.Stored stored = batcher.store(new EventIntake.Draft(source.projectId(),
                event.eventType() == null ? maskId : event.eventType(), source.uid(),
                new DeliveryPlanner.Target.FromSource(source.uid()), List.of(), event.headers(), event.payload(),
                ex.rawQuery(), ex.path(), key));
        LOG.debug("ingest {} -> event {} with {} deliveries", maskId, stored.event().uid(),
                stored.deliveries().size());
        CustomResponse custom = source.customResponse();
        if (custom != null && custom.body() != null && !custom.body().isEmpty()) {
            String type = custom.contentType() == null || custom.contentType().isBlank() ? "text/plain"
                    : custom.contentType();
            ex.send(200, type, custom.body().getBytes(StandardCharsets.UTF_8));
            return;
        }
        // the envelope written directly: this answer is sent thousands of times a second
        int length = payload.text().getBytes(StandardCharsets.UTF_8).length;
        ex.send(200, "application/json", ((stored.duplicate() ? DUPLICATE_ANSWER : RECEIVED_ANSWER) + length + "}")
                .getBytes(StandardCharsets.UTF_8));
    }

    /** Twitter's CRC: {@code {"response_token":"sha256=<base64 HMAC-SHA256(secret, crc_token)>"}}. */
    private void crc(Exchange ex) throws Exception {
        Source source = sourceFor(ex.pathParam("maskID"));
        if (source.provider() == null) {
            throw ApiError.badRequest("Provider type undefined");
        }
        if (source.provider() != SourceProvider.TWITTER) {
            throw ApiError.badRequest("Provider type is not supported");
        }
        String token = ex.query("crc_token").orElseThrow(() -> ApiError.badRequest("crc_token is required"));
        String secret = source.verifier() == null || source.verifier().hmac() == null ? null
                : source.verifier().hmac().secret();
        if (secret == null || secret.isEmpty()) {
            throw ApiError.badRequest("twitter source has no hmac secret configured");
        }
        byte[] mac = SourceVerifier.hmac("SHA256", secret, token.getBytes(StandardCharsets.UTF_8));
        var now = context.now();
        context.db().write(c -> context.sources().update(c, source.projectId(), source.uid(), current -> new Source(
                current.uid(), current.projectId(), current.maskId(), current.name(), current.url(), current.type(),
                current.provider(), current.isDisabled(), current.verifier(), current.customResponse(),
                new Source.ProviderConfig(new Source.Twitter(now)), current.forwardHeaders(), current.pubSub(),
                current.idempotencyKeys(), current.bodyFunction(), current.headerFunction(), current.createdAt(),
                current.updatedAt(), current.deletedAt(), null), now));
        ObjectNode answer = Json.strict().createObjectNode();
        answer.put("response_token", "sha256=" + Base64.getEncoder().encodeToString(mac));
        ex.sendJson(200, answer);
    }

    /** The live, enabled http source of the mask: 404 when unknown, 400 when not http, 403 when disabled. */
    private Source sourceFor(String maskId) {
        Source source = cache.sourceByMask(maskId);
        if (source == null) {
            throw ApiError.notFound("source not found");
        }
        if (source.type() != SourceType.HTTP) {
            throw ApiError.badRequest("Source type needs to be HTTP");
        }
        if (Boolean.TRUE.equals(source.isDisabled())) {
            throw ApiError.forbidden("source is disabled: it accepts no events until it is enabled again");
        }
        return source;
    }

    private static long maxPayloadBytes(Project project) {
        Long configured = project.config() == null ? null : project.config().maxPayloadReadSize();
        return configured == null || configured <= 0 ? ProjectConfigs.DEFAULT_MAX_PAYLOAD_BYTES : configured;
    }

    /** The body, refused with 413 above the project's {@code max_payload_read_size} (declared or actual). */
    private static byte[] readBody(Exchange ex, long limit) throws Exception {
        String declared = ex.requestHeaders().getFirst("Content-Length");
        if (declared != null) {
            try {
                if (Long.parseLong(declared.trim()) > limit) {
                    throw tooLarge(limit);
                }
            } catch (NumberFormatException e) {
                throw ApiError.badRequest("invalid Content-Length");
            }
        }
        byte[] body = ex.rawBody();
        if (body.length > limit) {
            throw tooLarge(limit);
        }
        return body;
    }

    private static ApiError tooLarge(long limit) {
        return ApiError.tooLarge("request body too large (limit " + limit + " bytes, the project's "
                + "max_payload_read_size)");
    }

    /** Request headers under Go's canonical names ({@code X-Hub-Signature-256}), as Convoy stores them. */
    static Map<String, List<String>> canonicalHeaders(Exchange ex) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        ex.requestHeaders().forEach((name, values) ->
                out.computeIfAbsent(canonical(name), k -> new ArrayList<>()).addAll(values));
        return out;
    }

    static String canonical(String name) {
        char[] chars = name.toLowerCase(Locale.ROOT).toCharArray();
        boolean upper = true;
        for (int i = 0; i < chars.length; i++) {
            if (upper) {
                chars[i] = Character.toUpperCase(chars[i]);
            }
            upper = chars[i] == '-';
        }
        return new String(chars);
    }
}
