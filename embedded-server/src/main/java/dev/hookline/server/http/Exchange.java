package dev.hookline.server.http;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.hookline.api.Json;
import dev.hookline.api.model.Envelope;
import dev.hookline.api.model.Project;
import dev.hookline.server.auth.Principal;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Blocker;

/**
 * One HTTP request and its answer, as handlers see it: path and query parameters, the JSON body parsed strictly
 * (every parse failure is a 400 that names the field), the caller, and the envelope writers.
 */
public final class Exchange {

    private final Request request;
    private final Response response;
    private final Map<String, String> pathParams;
    private Map<String, List<String>> query;
    private final int maxBodyBytes;
    private Principal principal;
    private Object project;
    private byte[] body;
    private Map<String, List<String>> headers;
    private boolean responded;

    Exchange(Request request, Response response, Map<String, String> pathParams, int maxBodyBytes) {
        this.request = request;
        this.response = response;
        this.pathParams = pathParams;
        this.maxBodyBytes = maxBodyBytes;
    }

    public String method() {
        return request.getMethod();
    }

    /** The path, percent-decoded; a path that does not decode is a 400. */
    public String path() {
        return decodePath(rawPath());
    }

    /** The path as sent (percent-encoded): what routes are matched on, so an encoded {@code /} stays in its segment. */
    String rawPath() {
        String raw = request.getHttpURI().getPath();
        return raw == null ? "/" : raw;
    }

    public String rawQuery() {
        String raw = request.getHttpURI().getQuery();
        return raw == null ? "" : raw;
    }

    /** The path parameter {@code name} (e.g. {@code projectID}). */
    public String pathParam(String name) {
        String value = pathParams.get(name);
        if (value == null) {
            throw new IllegalStateException("route has no path parameter " + name);
        }
        return value;
    }

    /** The first value of query parameter {@code name} (also read as {@code name[]}), if present and not blank. */
    public Optional<String> query(String name) {
        return queryAll(name).stream().filter(v -> !v.isBlank()).findFirst();
    }

    /**
     * All values of a repeated query parameter: {@code name=a&name=b} (Convoy's form), {@code name[]=a} and
     * comma-free values; blanks dropped.
     */
    public List<String> queryAll(String name) {
        Map<String, List<String>> params = queryParameters();
        List<String> values = new ArrayList<>(params.getOrDefault(name, List.of()));
        values.addAll(params.getOrDefault(name + "[]", List.of()));
        values.removeIf(String::isBlank);
        return values;
    }

    /** The query parameters, decoded (on first use: a malformed query string is a 400 from the handler's call). */
    public Map<String, List<String>> queryParameters() {
        if (query == null) {
            query = parseQuery(request.getHttpURI().getQuery());
        }
        return query;
    }

    /**
     * The request headers by name (case-insensitive), each with its values in the order received; the name kept as
     * the client first spelled it.
     */
    public Map<String, List<String>> requestHeaders() {
        if (headers == null) {
            Map<String, List<String>> byName = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
            for (HttpField field : request.getHeaders()) {
                byName.computeIfAbsent(field.getName(), k -> new ArrayList<>()).add(field.getValue());
            }
            headers = byName;
        }
        return headers;
    }

    /** The first value of header {@code name}, if sent. */
    public Optional<String> header(String name) {
        return Optional.ofNullable(request.getHeaders().get(name));
    }

    public String remoteAddress() {
        return Request.getRemoteAddr(request);
    }

    /**
     * The request body, read once, refused with 413 above the configured limit. Jetty has already refused a malformed
     * {@code Content-Length}; a body that breaks off or is badly chunked is a 400 here, never a 500.
     */
    public byte[] rawBody() throws IOException {
        if (body == null) {
            if (request.getLength() > maxBodyBytes) {
                throw ApiError.tooLarge("request body too large (limit " + maxBodyBytes + " bytes)");
            }
            java.util.concurrent.atomic.AtomicLong arrived = new java.util.concurrent.atomic.AtomicLong();
            try (InputStream in = counting(Content.Source.asInputStream(request), arrived);
                 ConnectionGuard.BodyWatch watch = guard == null ? null
                         : guard.watchBody(request.getConnectionMetaData().getConnection(), arrived::get)) {
                byte[] read = in.readNBytes(maxBodyBytes + 1);
                if (read.length > maxBodyBytes) {
                    throw ApiError.tooLarge("request body too large (limit " + maxBodyBytes + " bytes)");
                }
                body = read;
            } catch (IOException | RuntimeException e) {
                if (e instanceof ApiError) {
                    throw e;
                }
                throw unreadableBody(e);
            }
        }
        return body;
    }

    /** Watches body reads for the body deadline and minimum data rate (set by {@link HttpApi}; null in tests). */
    private ConnectionGuard guard;

    void bodyWatch(ConnectionGuard guard) {
        this.guard = guard;
    }

    private static InputStream counting(InputStream in, java.util.concurrent.atomic.AtomicLong arrived) {
        return new java.io.FilterInputStream(in) {
            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    arrived.incrementAndGet();
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    arrived.addAndGet(n);
                }
                return n;
            }
        };
    }

    /** The request's declared body length, -1 when it is chunked or not given. */
    public long declaredLength() {
        return request.getLength();
    }

    private static ApiError unreadableBody(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpException http && http.getCode() >= 400 && http.getCode() < 500) {
                String reason = http.getReason() == null ? "" : ": " + http.getReason().toLowerCase(Locale.ROOT);
                return new ApiError(http.getCode(), "could not read the request body" + reason);
            }
        }
        return ApiError.badRequest("could not read the request body: it ended early or was malformed");
    }

    /**
     * The JSON body as {@code type}, parsed strictly. Missing, malformed or mistyped input is a 400, and so is a body
     * that is not UTF-8 or leaves a surrogate escape unpaired ({@link BodyText}): checked here, before any use case
     * runs, so that nothing is stored that its own answer could not carry.
     */
    public <T> T body(Class<T> type) throws IOException {
        byte[] bytes = rawBody();
        if (isBlank(bytes)) {
            throw ApiError.badRequest("body must not be empty");
        }
        BodyText.utf8(bytes);
        try {
            T value = Json.strict().readValue(bytes, type);
            if (value == null) {
                throw ApiError.badRequest("body must be a JSON object");
            }
            BodyText.requireNoLoneSurrogate(bytes);
            return value;
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest(describe(e));
        }
    }

    /** The JSON body as a tree; 400 when malformed (as {@link #body}). */
    public JsonNode bodyTree() throws IOException {
        byte[] bytes = rawBody();
        if (isBlank(bytes)) {
            throw ApiError.badRequest("body must not be empty");
        }
        BodyText.utf8(bytes);
        try {
            JsonNode tree = Json.strict().readTree(bytes);
            BodyText.requireNoLoneSurrogate(bytes);
            return tree;
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest(describe(e));
        }
    }

    /** {@code tree} (a part of the body) as {@code type}, parsed as strictly as {@link #body}; 400 otherwise. */
    public static <T> T bodyValue(JsonNode tree, Class<T> type) {
        try {
            T value = Json.strict().treeToValue(tree, type);
            if (value == null) {
                throw ApiError.badRequest("body must be a JSON object");
            }
            return value;
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest(describe(e));
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("body must be a JSON object");
        }
    }

    public Principal principal() {
        return principal;
    }

    void principal(Principal principal) {
        this.principal = principal;
    }

    /** The project the route's {@code {projectID}} resolved to (set by the host before the handler runs). */
    @SuppressWarnings("unchecked")
    public <P> P project() {
        if (project == null) {
            throw new IllegalStateException("route is not project-scoped");
        }
        return (P) project;
    }

    /** The ID of the project the route's {@code {projectID}} resolved to: all most project-scoped handlers need. */
    public String projectId() {
        return this.<Project>project().uid();
    }

    void project(Object project) {
        this.project = project;
    }

    /** Writes {@code {"status":true,"message":...,"data":...}}. */
    public void ok(int status, String message, Object data) throws IOException {
        sendJson(status, Envelope.ok(message, data));
    }

    /** Writes the error envelope (no {@code data} key). */
    public void error(int status, String message) throws IOException {
        sendJson(status, Envelope.ErrorBody.of(message));
    }

    public void sendJson(int status, Object value) throws IOException {
        send(status, "application/json", Json.strict().writeValueAsBytes(value));
    }

    public void send(int status, String contentType, byte[] bytes) throws IOException {
        if (responded) {
            throw new IllegalStateException("response already sent");
        }
        responded = true;
        readUnreadBody();
        response.setStatus(status);
        if (contentType != null) {
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        }
        boolean noBody = "HEAD".equals(method()) || bytes.length == 0 || status == 304 || status == 204;
        if (!noBody) {
            response.getHeaders().put(HttpHeader.CONTENT_LENGTH, bytes.length);
        }
        try (Blocker.Callback written = Blocker.callback()) {
            response.write(true, noBody ? null : ByteBuffer.wrap(bytes), written);
            written.block();
        }
    }

    /**
     * Reads a declared body no route read (a GET that carries one) before answering: the connection is closed after
     * the answer, and closing it with the body still unread resets it, so the client can lose a large answer (seen
     * with the OpenAPI document). Only a body within the limit; a failure here changes nothing of the answer.
     */
    private void readUnreadBody() {
        long length = request.getLength();
        if (body != null || length <= 0 || length > maxBodyBytes) {
            return;
        }
        try {
            rawBody();
        } catch (IOException | RuntimeException ignored) {
            // the answer goes out all the same
        }
    }

    public void responseHeader(String name, String value) {
        response.getHeaders().put(name, value);
    }

    boolean responded() {
        return responded;
    }

    /** Turns a Jackson failure into a message that names the problem and the field, never a stack trace. */
    static String describe(JsonProcessingException e) {
        if (e instanceof JsonParseException parse) {
            long offset = parse.getLocation() == null ? -1 : parse.getLocation().getCharOffset();
            return "body contains badly-formed JSON" + (offset >= 0 ? " (at character " + offset + ")" : "");
        }
        if (e instanceof InvalidFormatException invalid && invalid.getTargetType() != null
                && invalid.getTargetType().isEnum()) {
            String allowed = Arrays.stream(invalid.getTargetType().getEnumConstants())
                    .map(Exchange::wireName).collect(Collectors.joining(", "));
            return "invalid value " + quote(invalid.getValue()) + " for field \"" + field(invalid)
                    + "\": must be one of " + allowed;
        }
        if (e instanceof ValueInstantiationException instantiation) {
            Throwable cause = instantiation.getCause();
            return "invalid value for field \"" + field(instantiation) + "\""
                    + (cause != null && cause.getMessage() != null ? ": " + cause.getMessage() : "");
        }
        if (e instanceof MismatchedInputException mismatched) {
            String field = field(mismatched);
            if (field.isEmpty()) {
                return "body must be a JSON object";
            }
            return "body contains incorrect JSON type for field \"" + field + "\"";
        }
        if (e instanceof JsonMappingException mapping) {
            return "invalid value for field \"" + field(mapping) + "\"";
        }
        return "body contains badly-formed JSON";
    }

    private static String wireName(Object constant) {
        try {
            var annotation = constant.getClass().getField(((Enum<?>) constant).name())
                    .getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
            if (annotation != null && !annotation.value().isEmpty()) {
                return annotation.value();
            }
        } catch (NoSuchFieldException ignored) {
            // fall back to toString
        }
        return constant.toString();
    }

    private static String quote(Object value) {
        return value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
    }

    private static String field(JsonMappingException e) {
        StringBuilder path = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                if (!path.isEmpty()) {
                    path.append('.');
                }
                path.append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                path.append('[').append(ref.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, List<String>> parseQuery(String raw) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return result;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            result.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
        }
        return result;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("malformed query string");
        }
    }

    /** Percent-decodes a path or path segment ({@code +} is a plus in a path); bad escapes are a 400. */
    static String decodePath(String raw) {
        if (raw.indexOf('%') < 0) {
            return raw;
        }
        try {
            return URLDecoder.decode(raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("malformed percent-encoding in the request path");
        }
    }
}
