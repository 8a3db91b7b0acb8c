package dev.hookline.server.http.ingest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.CustomResponse;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.Exchange;
import dev.hookline.server.ingest.IngestPayload;
import dev.hookline.server.ingest.IntakeService;
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
 * and {@code GET /ingest/{maskID}?crc_token=...}, Twitter's challenge. The route reads and verifies the request
 * (the size limit, the signature: HTTP's part) and hands it to {@link IntakeService#ingest}; the event and its
 * deliveries are committed before the answer, so a 2xx means the event is durable.
 */
public final class IngestRoutes {

    private static final Logger LOG = LoggerFactory.getLogger(IngestRoutes.class);
    private static final String RECEIVED_ANSWER = "{\"status\":true,\"message\":\"Event received\",\"data\":";
    private static final String DUPLICATE_ANSWER = "{\"status\":true,\"message\":\"Duplicate event received, but "
            + "will not be sent\",\"data\":";

    private final IntakeService intake;

    public IngestRoutes(IntakeService intake) {
        this.intake = intake;
    }

    public void ingest(Exchange ex) throws Exception {
        String maskId = ex.pathParam("maskID");
        Source source = intake.httpSource(maskId);
        Project project = intake.projectOf(source);
        byte[] body = readBody(ex, IntakeService.maxPayloadBytes(project));
        Function<String, String> header = name -> ex.header(name).orElse(null);
        SourceVerifier.verify(source, header, body);
        IngestPayload payload = IngestBodies.parse(header.apply("Content-Type"), body);
        Map<String, List<String>> headers = canonicalHeaders(ex);
        headers.put(IntakeService.SOURCE_ID_HEADER, List.of(maskId));
        IntakeService.Accepted stored = intake.ingest(new IntakeService.Webhook(source, payload, headers, header,
                ex.queryParameters(), ex.rawQuery(), ex.path()));
        LOG.debug("ingest to source {} -> event {}", source.uid(), stored.event().uid());
        CustomResponse custom = source.customResponse();
        if (custom != null && custom.body() != null && !custom.body().isEmpty()) {
            // the event is stored: nothing may fail now, so a content type no header can carry (stored before
            // sources checked it) falls back to text/plain
            String type = custom.contentType() == null || custom.contentType().isBlank()
                    || !custom.contentType().chars().allMatch(c -> c >= 0x20 && c <= 0x7E) ? "text/plain"
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
    public void crc(Exchange ex) throws Exception {
        Source source = intake.httpSource(ex.pathParam("maskID"));
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
        intake.recordCrc(source);
        ObjectNode answer = Json.strict().createObjectNode();
        answer.put("response_token", "sha256=" + Base64.getEncoder().encodeToString(mac));
        ex.sendJson(200, answer);
    }

    /** The body, refused with 413 above the project's {@code max_payload_read_size} (declared or actual). */
    private static byte[] readBody(Exchange ex, long limit) throws Exception {
        if (ex.declaredLength() > limit) {
            throw tooLarge(limit);
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
