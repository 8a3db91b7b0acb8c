package dev.hookline.server.capture;

import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.api.model.CapturedRequest.SignatureCheck;
import dev.hookline.api.model.CapturedRequest.SignatureStatus;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectConfig;
import dev.hookline.server.store.Store;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.outbound.Signatures;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Capture bins (ADR 0031): the bins of a project (stored), and what {@code /capture/{id}} got (kept in memory),
 * each request checked against the signatures the project's endpoints on that URL would send.
 */
public final class CaptureService {

    static final String NOT_FOUND = "capture bin not found";
    /** The longest answer delay a bin may have: longer than any endpoint timeout, so "slow" really times out. */
    public static final long MAX_DELAY_MS = 120_000;
    private static final int MAX_NAME = 100;
    /** Bytes of a captured body kept in memory (its size says how long it was); the rest is dropped. */
    public static final int KEPT_BODY_BYTES = 64 * 1024;
    static final String TRUNCATED = "\n[hookline: body truncated at " + KEPT_BODY_BYTES + " bytes]";
    /**
     * Delayed answers in progress at most, server-wide: a bin set to answer after 120 s must not let anyone hold the
     * connection cap by sending it requests. Beyond this, a request is answered at once (the delay is skipped).
     */
    public static final int MAX_DELAYED_ANSWERS = 32;
    private final java.util.concurrent.Semaphore delayed = new java.util.concurrent.Semaphore(MAX_DELAYED_ANSWERS);

    /** A request as {@code /capture/{id}} got it. */
    public record Received(String method, String path, String query, String remoteAddress,
                           Map<String, List<String>> headers, byte[] body) {
    }

    /** What to answer: the bin's status after its delay; {@code recorded} is what was kept. */
    public record Answer(int status, long delayMs, CapturedRequest recorded) {
    }

    private final Store store;
    private final EndpointRepository endpoints;
    private final ProjectRepository projects;
    private final CaptureBinRepository bins;
    private final CapturedRequestLog log = new CapturedRequestLog();

    public CaptureService(Store store, EndpointRepository endpoints, ProjectRepository projects,
                          CaptureBinRepository captureBins) {
        this.store = store;
        this.endpoints = endpoints;
        this.projects = projects;
        this.bins = captureBins;
    }

    public List<CaptureBin> list(String projectId) {
        return store.db().read(c -> bins.list(c, projectId)).stream().map(this::toWire).toList();
    }

    public CaptureBin get(String projectId, String id) {
        return toWire(find(projectId, id));
    }

    public CaptureBin create(String projectId, CaptureBinRequest request) {
        CaptureBinRequest body = request == null ? new CaptureBinRequest(null, null, null) : request;
        Instant now = store.now();
        String id = store.newId();
        CaptureBinRepository.Row bin = new CaptureBinRepository.Row(id, projectId,
                validName(body.name() == null ? "Capture " + id.substring(id.length() - 6).toLowerCase() : body.name()),
                validStatus(body.responseStatus() == null ? 200 : body.responseStatus()),
                validDelay(body.responseDelayMs() == null ? 0 : body.responseDelayMs()), now, now);
        store.db().write(c -> {
            bins.insert(c, bin);
            return null;
        });
        return toWire(bin);
    }

    public CaptureBin update(String projectId, String id, CaptureBinRequest request) {
        CaptureBinRepository.Row old = find(projectId, id);
        CaptureBinRequest body = request == null ? new CaptureBinRequest(null, null, null) : request;
        CaptureBinRepository.Row bin = new CaptureBinRepository.Row(id, projectId,
                body.name() == null ? old.name() : validName(body.name()),
                body.responseStatus() == null ? old.responseStatus() : validStatus(body.responseStatus()),
                body.responseDelayMs() == null ? old.responseDelayMs() : validDelay(body.responseDelayMs()),
                old.createdAt(), store.now());
        if (!store.db().write(c -> bins.update(c, bin))) {
            throw new NotFoundException(NOT_FOUND);
        }
        return toWire(bin);
    }

    public void delete(String projectId, String id) {
        if (!store.db().write(c -> bins.delete(c, projectId, id))) {
            throw new NotFoundException(NOT_FOUND);
        }
        log.remove(id);
    }

    public List<CapturedRequest> requests(String projectId, String binId, long afterSeq) {
        find(projectId, binId);
        return log.after(binId, afterSeq);
    }

    public void clear(String projectId, String binId) {
        find(projectId, binId);
        log.clear(binId);
    }

    /** Records what {@code /capture/{binId}} got; unknown bins (or of a deleted project) are a 404. */
    public Answer receive(String binId, Received received) {
        CaptureBinRepository.Row bin = store.db().read(c -> bins.find(c, binId));
        if (bin == null) {
            throw new NotFoundException(NOT_FOUND);
        }
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        received.headers().forEach((name, values) -> headers.put(name, List.copyOf(values)));
        SignatureCheck signature = checkSignature(bin, headers, received.body());
        // the signature is checked on the whole body; only its first KEPT_BODY_BYTES are kept in memory
        byte[] kept = received.body().length <= KEPT_BODY_BYTES ? received.body()
                : java.util.Arrays.copyOf(received.body(), KEPT_BODY_BYTES);
        String decoded = utf8(kept);
        String text = decoded == null || kept == received.body() ? decoded : decoded + TRUNCATED;
        CapturedRequest recorded = log.add(binId, seq -> new CapturedRequest(seq, binId, store.now(),
                received.method(), received.path(), received.query(), received.remoteAddress(), headers, text,
                text == null ? Base64.getEncoder().encodeToString(kept) : null,
                (long) received.body().length, signature, bin.responseStatus()));
        return new Answer(bin.responseStatus(), bin.responseDelayMs(), recorded);
    }

    private SignatureCheck checkSignature(CaptureBinRepository.Row bin, Map<String, List<String>> headers,
                                          byte[] body) {
        Project project = projects.find(bin.projectId());
        ProjectConfig.Signature config = project == null || project.config() == null ? null
                : project.config().signature();
        String header = Signatures.headerName(config);
        List<String> values = headers.get(header);
        String value = values == null || values.isEmpty() ? null : values.getFirst();
        Collection<Endpoint> using = store.db().read(c -> {
            List<String> ids = bins.endpointIdsUsing(c, bin.projectId(), bin.id());
            return ids.isEmpty() ? List.<Endpoint>of()
                    : new ArrayList<>(endpoints.findAll(c, bin.projectId(), ids).values());
        });
        if (using.isEmpty()) {
            return new SignatureCheck(SignatureStatus.NO_ENDPOINT, header, null,
                    "No endpoint of the project uses this bin's URL, so there is no secret to check against");
        }
        Endpoint first = using.iterator().next();
        if (value == null) {
            return new SignatureCheck(SignatureStatus.UNSIGNED, header, first.uid(),
                    "No " + header + " header (an endpoint without a secret sends unsigned requests)");
        }
        Instant now = store.now();
        for (Endpoint endpoint : using) {
            try {
                if (Signatures.matches(config, endpoint, value, body, now)) {
                    return new SignatureCheck(SignatureStatus.VALID, header, endpoint.uid(),
                            "Matches a signature made with an active secret of endpoint \"" + endpoint.name() + "\"");
                }
            } catch (Signatures.SignatureException e) {
                return new SignatureCheck(SignatureStatus.INVALID, header, endpoint.uid(), e.getMessage());
            }
        }
        return new SignatureCheck(SignatureStatus.INVALID, header, first.uid(), using.size() == 1
                ? "Does not match any active secret of endpoint \"" + first.name() + "\""
                : "Does not match any active secret of the " + using.size() + " endpoints using this URL");
    }

    private CaptureBinRepository.Row find(String projectId, String id) {
        CaptureBinRepository.Row bin = store.db().read(c -> bins.find(c, id));
        if (bin == null || !bin.projectId().equals(projectId)) {
            throw new NotFoundException(NOT_FOUND);
        }
        return bin;
    }

    private CaptureBin toWire(CaptureBinRepository.Row bin) {
        return new CaptureBin(bin.id(), bin.projectId(), bin.name(), url(bin.id()), bin.responseStatus(),
                bin.responseDelayMs(), log.count(bin.id()), bin.createdAt(), bin.updatedAt());
    }

    /**
     * Waits the bin's delay if a delay slot is free (true), or not at all when {@link #MAX_DELAYED_ANSWERS} are
     * already waiting (false: answered at once, so delays cannot hold the server's connections).
     */
    public boolean awaitDelay(long delayMs) throws InterruptedException {
        if (delayMs <= 0) {
            return true;
        }
        if (!delayed.tryAcquire()) {
            return false;
        }
        try {
            Thread.sleep(delayMs);
            return true;
        } finally {
            delayed.release();
        }
    }

    /** The address an endpoint points at to deliver to the bin. */
    public String url(String binId) {
        return store.baseUrl() + "/capture/" + binId;
    }

    private static String validName(String name) {
        String trimmed = name.strip();
        if (trimmed.isEmpty() || trimmed.length() > MAX_NAME) {
            throw InvalidInputException.of("name:name must be 1 to " + MAX_NAME + " characters");
        }
        return trimmed;
    }

    private static int validStatus(int status) {
        if (status < 200 || status > 599) {
            throw InvalidInputException.of("response_status:response_status must be an HTTP status from 200 to 599");
        }
        return status;
    }

    private static long validDelay(long delay) {
        if (delay < 0 || delay > MAX_DELAY_MS) {
            throw InvalidInputException.of("response_delay_ms:response_delay_ms must be from 0 to " + MAX_DELAY_MS);
        }
        return delay;
    }

    /** The body as text when it is valid UTF-8, else null (then it is kept as base64). */
    private static String utf8(byte[] body) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }
}
