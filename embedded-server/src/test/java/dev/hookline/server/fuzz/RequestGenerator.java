package dev.hookline.server.fuzz;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.server.http.Access;
import dev.hookline.server.http.Router;
import dev.hookline.server.openapi.OpenApiDocument;
import dev.hookline.server.testing.TestServer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Makes one request for a route from a seed: path parameters (a real ID of the caller's project, of the other
 * project, an unknown one or junk), query parameters (the operation's documented ones and others, valid or junk),
 * headers (credentials for the route's access or wrong ones, content types) and, for POST and PUT, a body built from
 * the operation's request schema in Hookline's OpenAPI document and then mutated (fields dropped, nulled, retyped,
 * huge numbers, odd unicode, nested junk, truncated text). Everything comes from the route table and the document,
 * so a new route is fuzzed without touching this class.
 */
final class RequestGenerator {

    /** What the request's credentials are; the cross-project check applies to all but {@link #INSTANCE}. */
    enum Caller { ALPHA_KEY, ALPHA_PORTAL, INSTANCE, BRAVO_KEY, NONE, GARBAGE }

    /** A generated request and the caller whose credentials it carries. */
    record Generated(RawHttp.Request request, Caller caller) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** Written into JSON text in place of this marker: a lone surrogate escape, which Jackson would not write. */
    private static final String LONE_SURROGATE = "\u0000LONE-SURROGATE\u0000";
    private static final List<String> JUNK_TEXT = List.of("", " ", "%", "%25", "%2525", "%2F", "..", "../..",
            "null", "undefined", "0", "-1", "99999999999999999999999", "1e309", "NaN", "true", "[]", "{}",
            "' OR 1=1 --", "\"", "\\", "<script>x</script>", "é", "\u00e9\u0301", "\u200b", "\u202e", "\ud834\udd1e",
            "\u0000", "CO.AAAAAAAAAAAAAAAA.x", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "a".repeat(3000), LONE_SURROGATE);
    private static final List<String> QUERY_NAMES = List.of("perPage", "sort", "direction", "next_page_cursor",
            "prev_page_cursor", "startDate", "endDate", "endpointId", "eventId", "sourceId", "status", "q", "type",
            "provider", "ownerId", "idempotencyKey", "eventType", "event_type", "crc_token", "token", "auth_token",
            "subscriptionId", "brokerMessageId", "showAll");
    private static final List<String> CONTENT_TYPES = List.of("application/json", "application/json",
            "application/json; charset=utf-8", "text/plain", "application/x-www-form-urlencoded",
            "application/vnd.api+json", "multipart/form-data; boundary=x", ";;;");

    private final FuzzWorld world;
    private final OpenApiDocument document;

    RequestGenerator(FuzzWorld world, OpenApiDocument document) {
        this.world = world;
        this.document = document;
    }

    /** The request the route's own caller would send with real IDs of its project and a body from the schema. */
    Generated plain(Router.Route route) {
        return make(route, new Random(route.template().hashCode() * 31L + route.method().hashCode()), false);
    }

    /** A mutated request for {@code route}, decided by {@code seed}. */
    Generated fuzzed(Router.Route route, long seed) {
        return make(route, new Random(seed), true);
    }

    private Generated make(Router.Route route, Random r, boolean mutate) {
        Caller caller = caller(route.access(), r, mutate);
        if (caller == Caller.BRAVO_KEY && (destructive(route) || route.access() == Access.PUBLIC)) {
            // bravo's seeds stay alive too; and an ingest stores the sender's headers in alpha's event, where
            // bravo's key would then be alpha's data, not a leak
            caller = Caller.GARBAGE;
        }
        String path = path(route, r, mutate);
        String query = query(route, r, mutate);
        Map<String, String> headers = headers(route, caller, r, mutate);
        byte[] body = null;
        if (route.method().equals("POST") || route.method().equals("PUT")) {
            body = body(route, r, mutate);
        } else if (mutate && r.nextInt(20) == 0) {
            body = "{\"unexpected\":true}".getBytes(StandardCharsets.UTF_8);
        }
        return new Generated(new RawHttp.Request(route.method(), path + query, headers, body), caller);
    }

    // ------------------------------------------------------------------------------------------------ credentials

    private static Caller caller(Access access, Random r, boolean mutate) {
        Caller own = switch (access) {
            case PUBLIC -> Caller.NONE;
            case API_KEY -> Caller.ALPHA_KEY;
            case INSTANCE_KEY -> Caller.INSTANCE;
            case PORTAL -> Caller.ALPHA_PORTAL;
        };
        if (!mutate || r.nextInt(100) < 75) {
            return own;
        }
        // bravo's key is simply another caller: answers to it may hold bravo's data, so they are checked for 5xx,
        // envelopes and partial writes only
        Caller[] others = {Caller.ALPHA_KEY, Caller.ALPHA_PORTAL, Caller.NONE, Caller.GARBAGE, Caller.BRAVO_KEY};
        return others[r.nextInt(others.length)];
    }

    private Map<String, String> headers(Router.Route route, Caller caller, Random r, boolean mutate) {
        Map<String, String> headers = new LinkedHashMap<>();
        switch (caller) {
            case ALPHA_KEY -> headers.put("Authorization", "Bearer " + world.alpha.apiKey());
            case ALPHA_PORTAL -> headers.put("Authorization", "Bearer " + world.alpha.portalToken());
            case INSTANCE -> headers.put("Authorization", "Bearer " + TestServer.INSTANCE_KEY);
            case BRAVO_KEY -> headers.put("Authorization", "Bearer " + world.bravo.apiKey());
            case GARBAGE -> headers.put("Authorization", pick(r, List.of("Bearer", "Bearer ", "Basic YTpi",
                    "bearer CO.x.y", "Bearer " + world.alpha.apiKey() + "x", "Bearer CO." + "A".repeat(16) + "."
                            + "b".repeat(64), "Bearer " + "x".repeat(2000), "Bearer a b c")));
            case NONE -> {
            }
        }
        if (route.method().equals("POST") || route.method().equals("PUT")) {
            headers.put("Content-Type", mutate ? pick(r, CONTENT_TYPES) : "application/json");
        }
        if (route.template().startsWith("/ingest/") && (!mutate || r.nextBoolean())) {
            headers.put("X-Src-Key", "alpha-source-key");
        }
        if (mutate) {
            int extra = r.nextInt(3);
            for (int i = 0; i < extra; i++) {
                headers.put(pick(r, List.of("X-Convoy-Idempotency-Key", "X-Hub-Signature-256", "X-Src-Key",
                                "Accept", "If-None-Match", "X-Forwarded-For", "X-Request-ID", "Idempotency-Key")),
                        asciiJunk(r));
            }
        }
        return headers;
    }

    // ------------------------------------------------------------------------------------------------ path, query

    private String path(Router.Route route, Random r, boolean mutate) {
        String path = route.template();
        for (String name : route.parameterNames()) {
            path = path.replace("{" + name + "}", encodePathSegment(paramValue(route, name, r, mutate)));
        }
        return path;
    }

    private String paramValue(Router.Route route, String name, Random r, boolean mutate) {
        String alpha = realId(world.alpha, name);
        if (destructive(route) && !name.equals("file")) {
            // alpha's seeds stay alive for the other tries: a delete, revoke or link change gets another ID
            alpha = null;
        }
        int roll = mutate ? r.nextInt(100) : 0;
        if (alpha != null && roll < 55) {
            return alpha;
        }
        String bravo = realId(world.bravo, name);
        if (mutate && bravo != null && roll < 75) {
            return bravo;
        }
        if (!mutate || roll < 85) {
            return name.equals("file") ? pick(r, List.of("app.js", "portal.css", "index.html", "x.js"))
                    : "01HZZZZZZZZZZZZZZZZZZZZZZZ";
        }
        return pick(r, JUNK_TEXT);
    }

    /** Routes that would retire a seeded thing (delete, revoke, or change a portal link's credentials). */
    static boolean destructive(Router.Route route) {
        return route.method().equals("DELETE") || route.template().endsWith("/revoke")
                || (route.method().equals("PUT") && route.template().endsWith("/portal-links/{portalLinkID}"));
    }

    private static String realId(FuzzWorld.Seeded project, String name) {
        return name.equals("file") ? "app.js" : project.ids().get(name);
    }

    private String query(Router.Route route, Random r, boolean mutate) {
        List<String> names = new ArrayList<>(documentedQuery(route));
        int count = mutate ? r.nextInt(5) : 0;
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = !names.isEmpty() && r.nextBoolean() ? pick(r, names) : pick(r, QUERY_NAMES);
            parts.add(encodeQuery(r.nextInt(10) == 0 ? name + "[]" : name) + "=" + encodeQuery(queryValue(name, r)));
        }
        return parts.isEmpty() ? "" : "?" + String.join("&", parts);
    }

    private String queryValue(String name, Random r) {
        return switch (r.nextInt(6)) {
            case 0 -> pick(r, JUNK_TEXT);
            case 1 -> String.valueOf(r.nextInt(200) - 50);
            case 2 -> pick(r, List.of("2026-01-01T00:00:00", "2026-13-45T99:99:99", "ASC", "DESC", "next", "prev",
                    "Success", "Failure", "Scheduled", "http", "github"));
            default -> {
                FuzzWorld.Seeded project = r.nextInt(4) == 0 ? world.bravo : world.alpha;
                yield pick(r, project.ids().values().stream().toList());
            }
        };
    }

    private List<String> documentedQuery(Router.Route route) {
        List<String> names = new ArrayList<>();
        JsonNode op = document.operation(route.method(), route.template());
        for (JsonNode param : op.path("parameters")) {
            JsonNode resolved = document.deref(param);
            if ("query".equals(resolved.path("in").asText())) {
                names.add(resolved.path("name").asText());
            }
        }
        return names;
    }

    // ------------------------------------------------------------------------------------------------ body

    private byte[] body(Router.Route route, Random r, boolean mutate) {
        JsonNode op = document.operation(route.method(), route.template());
        JsonNode schema = document.deref(op.path("requestBody")).path("content").path("application/json")
                .path("schema");
        JsonNode tree = schema.isMissingNode() ? NODES.objectNode() : generate(schema, "", r, 0);
        if (route.template().startsWith("/ingest/") && !tree.isObject()) {
            tree = NODES.objectNode().put("ingested", "alpha");
        }
        if (mutate) {
            int roll = r.nextInt(100);
            if (roll < 5) {
                return new byte[0];
            }
            if (roll < 10) {
                return pick(r, List.of("not json", "{", "[1,2", "{\"a\":}", "\u00ff\u00fe", "null", "[]", "\"text\"",
                        "{\"a\":1}{\"b\":2}")).getBytes(StandardCharsets.UTF_8);
            }
            int mutations = 1 + r.nextInt(3);
            for (int i = 0; i < mutations; i++) {
                tree = mutate(tree, r);
            }
        }
        String text = write(tree);
        if (mutate && r.nextInt(10) == 0 && text.length() > 1) {
            text = text.substring(0, r.nextInt(text.length()));
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private JsonNode generate(JsonNode schemaOrRef, String name, Random r, int depth) {
        JsonNode schema = document.deref(schemaOrRef);
        if (schema.has("allOf")) {
            return generate(schema.get("allOf").get(0), name, r, depth);
        }
        for (String choice : List.of("anyOf", "oneOf")) {
            if (schema.has(choice)) {
                JsonNode options = schema.get(choice);
                return generate(options.get(r.nextInt(options.size())), name, r, depth);
            }
        }
        if (schema.path("nullable").asBoolean() && r.nextInt(20) == 0) {
            return NODES.nullNode();
        }
        if (schema.has("enum")) {
            JsonNode values = schema.get("enum");
            return values.get(r.nextInt(values.size()));
        }
        String type = schema.path("type").asText("");
        if (depth > 6) {
            return NODES.nullNode();
        }
        switch (type) {
            case "object" -> {
                ObjectNode out = NODES.objectNode();
                List<String> required = new ArrayList<>();
                schema.path("required").forEach(n -> required.add(n.asText()));
                for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> property = it.next();
                    if (required.contains(property.getKey()) || r.nextInt(10) < 6) {
                        out.set(property.getKey(), generate(property.getValue(), property.getKey(), r, depth + 1));
                    }
                }
                if (!schema.has("properties") && schema.path("additionalProperties").isObject()) {
                    out.set("k" + r.nextInt(5), generate(schema.get("additionalProperties"), "", r, depth + 1));
                }
                return out;
            }
            case "array" -> {
                ArrayNode out = NODES.arrayNode();
                int count = r.nextInt(3);
                for (int i = 0; i < count; i++) {
                    out.add(generate(schema.path("items"), singular(name), r, depth + 1));
                }
                return out;
            }
            case "integer" -> {
                return NODES.numberNode((long) r.nextInt(120));
            }
            case "number" -> {
                return NODES.numberNode(r.nextInt(1000) / 10.0);
            }
            case "boolean" -> {
                return NODES.booleanNode(r.nextBoolean());
            }
            case "string" -> {
                return NODES.textNode(text(name, schema.path("format").asText(""), r));
            }
            default -> {
                return NODES.objectNode().put("marker", "alpha-any").put("n", r.nextInt(10));
            }
        }
    }

    private String text(String name, String format, Random r) {
        FuzzWorld.Seeded project = r.nextInt(5) == 0 ? world.bravo : world.alpha;
        if (format.equals("date-time")) {
            return "2026-01-01T00:00:00Z";
        }
        return switch (name) {
            case "endpoint_id", "endpoint", "endpoints", "endpointId" -> project.ids().get("endpointID");
            case "source_id" -> project.ids().get("sourceID");
            case "event_id", "eventId" -> project.ids().get("eventID");
            case "subscription_id" -> project.ids().get("subscriptionID");
            case "owner_id" -> project.name() + "-owner";
            case "event_type", "event_types" -> project.name() + ".created";
            case "url" -> pick(r, List.of("https://fuzz.example/hook", "http://127.0.0.1:1/x", "ftp://x", "x"));
            case "function" -> "function transform(payload) { return payload; }";
            default -> "v" + r.nextInt(1000);
        };
    }

    private static String singular(String name) {
        return name.endsWith("s") ? name.substring(0, name.length() - 1) : name;
    }

    private JsonNode mutate(JsonNode tree, Random r) {
        List<JsonNode> containers = new ArrayList<>();
        collect(tree, containers);
        if (containers.isEmpty() || r.nextInt(12) == 0) {
            return junkValue(r, 0);
        }
        JsonNode container = pick(r, containers);
        if (container instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            if (names.isEmpty() || r.nextInt(5) == 0) {
                object.set(pick(r, List.of("unknown_field", "status", "uid", "project_id", "data", "\u00e9")),
                        junkValue(r, 0));
            } else {
                String field = pick(r, names);
                if (object.get(field).isTextual() && r.nextInt(4) == 0) {
                    object.put(field, object.get(field).asText() + LONE_SURROGATE); // stored, then echoed
                    return tree;
                }
                switch (r.nextInt(3)) {
                    case 0 -> object.remove(field);
                    case 1 -> object.putNull(field);
                    default -> object.set(field, junkValue(r, 0));
                }
            }
        } else if (container instanceof ArrayNode array) {
            if (array.isEmpty() || r.nextBoolean()) {
                array.add(junkValue(r, 0));
            } else {
                array.set(r.nextInt(array.size()), junkValue(r, 0));
            }
        }
        return tree;
    }

    private static void collect(JsonNode node, List<JsonNode> out) {
        if (node.isContainerNode()) {
            out.add(node);
            node.forEach(child -> collect(child, out));
        }
    }

    private JsonNode junkValue(Random r, int depth) {
        return switch (r.nextInt(depth > 3 ? 8 : 10)) {
            case 0 -> NODES.nullNode();
            case 1 -> NODES.textNode(pick(r, JUNK_TEXT));
            case 2 -> NODES.numberNode(pick(r, List.of(Long.MAX_VALUE, Long.MIN_VALUE, -1L, 0L, 4_294_967_296L)));
            case 3 -> NODES.numberNode(new java.math.BigDecimal(pick(r, List.of("1e308", "-1e308", "0.5",
                    "123456789012345678901234567890", "1e-320"))));
            case 4 -> NODES.booleanNode(r.nextBoolean());
            case 5 -> NODES.textNode(pick(r, world.bravo.ids().values().stream().toList()));
            case 6 -> NODES.textNode(pick(r, world.alpha.ids().values().stream().toList()));
            case 7 -> NODES.numberNode(r.nextInt(100) - 10);
            case 8 -> {
                ArrayNode array = NODES.arrayNode();
                for (int i = r.nextInt(3); i > 0; i--) {
                    array.add(junkValue(r, depth + 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = NODES.objectNode();
                for (int i = r.nextInt(3); i > 0; i--) {
                    object.set(pick(r, List.of("a", "type", "data", "url", "name", "")), junkValue(r, depth + 1));
                }
                yield object;
            }
        };
    }

    private static String write(JsonNode tree) {
        try {
            String text = JSON.writeValueAsString(tree);
            // Jackson writes U+0000 as \u0000: the marker becomes the escape of a lone high surrogate
            return text.replace("\\u0000LONE-SURROGATE\\u0000", "\\ud800");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    // ------------------------------------------------------------------------------------------------ helpers

    private static String encodePathSegment(String value) {
        return URLEncoder.encode(value.replace(LONE_SURROGATE, "x"), StandardCharsets.UTF_8).replace("+", "%20");
    }

    private static String encodeQuery(String value) {
        return URLEncoder.encode(value.replace(LONE_SURROGATE, "x"), StandardCharsets.UTF_8);
    }

    private static String asciiJunk(Random r) {
        return pick(r, List.of("", "x", "sha256=00", "0".repeat(200), "*", "W/\"x\"", "a, b", "\t", "1.2.3.4")).trim();
    }

    private static <T> T pick(Random r, List<T> values) {
        return values.get(r.nextInt(values.size()));
    }
}
