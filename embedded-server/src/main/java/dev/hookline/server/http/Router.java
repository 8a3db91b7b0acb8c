package dev.hookline.server.http;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The route table: method + path template ({@code /api/v1/projects/{projectID}/endpoints/{endpointID}}) to a
 * handler and the credentials it needs. Literal segments win over parameters (so {@code /events/broadcast} is never
 * read as an event ID), then routes match in registration order. The server's routes come from {@link dev.hookline.server.http.routes.ApiRoutes},
 * whose table the OpenAPI agreement test compares with Hookline's OpenAPI document (and {@link #routes()} with
 * that table).
 */
public final class Router {

    /** One registered route. */
    public record Route(String method, String template, Access access, Handler handler, Pattern pattern,
                        List<String> parameterNames, int literalSegments) {
    }

    /** A route matched against a request path, with its path parameters. */
    public record Match(Route route, Map<String, String> pathParams) {
    }

    private static final Pattern PARAM = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_]*)}");

    private final List<Route> routes = new ArrayList<>();
    /** Templates whose requests may be {@code multipart/form-data} (file uploads) besides JSON. */
    private final java.util.Set<String> multipart = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /**
     * What {@link #match} reads: an immutable copy replaced on every registration, so matching (every request)
     * takes no lock. A lock here made all concurrent requests queue behind each other.
     */
    private volatile List<Route> snapshot = List.of();

    public Router get(String template, Access access, Handler handler) {
        return add("GET", template, access, handler);
    }

    public Router post(String template, Access access, Handler handler) {
        return add("POST", template, access, handler);
    }

    public Router put(String template, Access access, Handler handler) {
        return add("PUT", template, access, handler);
    }

    public Router delete(String template, Access access, Handler handler) {
        return add("DELETE", template, access, handler);
    }

    public synchronized Router add(String method, String template, Access access, Handler handler) {
        for (Route existing : routes) {
            if (existing.method.equals(method) && existing.template.equals(template)) {
                throw new IllegalStateException("route registered twice: " + method + " " + template);
            }
        }
        List<String> names = new ArrayList<>();
        StringBuilder regex = new StringBuilder("^");
        int literals = 0;
        for (String segment : template.substring(1).split("/", -1)) {
            regex.append('/');
            Matcher m = PARAM.matcher(segment);
            if (m.matches()) {
                names.add(m.group(1));
                regex.append("([^/]+)");
            } else {
                literals++;
                regex.append(Pattern.quote(segment));
            }
        }
        regex.append("/?$");
        routes.add(new Route(method, template, access, handler, Pattern.compile(regex.toString()),
                List.copyOf(names), literals));
        snapshot = List.copyOf(routes);
        return this;
    }

    /** Lets requests of {@code template} be {@code multipart/form-data} (a file upload) as well as JSON. */
    public Router acceptMultipart(String template) {
        multipart.add(template);
        return this;
    }

    /** True if {@code template}'s requests may be multipart (see {@link #acceptMultipart}). */
    public boolean acceptsMultipart(String template) {
        return multipart.contains(template);
    }

    /** All routes, in registration order. */
    public synchronized List<Route> routes() {
        return Collections.unmodifiableList(new ArrayList<>(routes));
    }

    /**
     * The best route for {@code method} and {@code path}, or null. {@code path} is the path as sent (percent-encoded):
     * each parameter is decoded once, after matching, so {@code %2F} stays inside its segment and {@code %25} is a
     * {@code %} in the value; a bad escape is a 400.
     */
    public Match match(String method, String path) {
        Match best = null;
        for (Route route : snapshot) {
            if (!route.method.equals(method) || !firstSegmentMayMatch(route.template, path)) {
                continue;
            }
            Matcher m = route.pattern.matcher(path);
            if (!m.matches()) {
                continue;
            }
            if (best == null || route.literalSegments > best.route.literalSegments) {
                Map<String, String> params = new LinkedHashMap<>();
                for (int i = 0; i < route.parameterNames.size(); i++) {
                    params.put(route.parameterNames.get(i), Exchange.decodePath(m.group(i + 1)));
                }
                best = new Match(route, params);
            }
        }
        return best;
    }

    /** True if some route matches the path with another method (405 rather than 404). */
    public boolean pathExists(String path) {
        return snapshot.stream().anyMatch(r -> r.pattern.matcher(path).matches());
    }

    /**
     * False when the template's first segment is literal and differs from the path's: such a route cannot match, and
     * this check is much cheaper than its regex (there are a few hundred routes and every request runs this loop).
     */
    static boolean firstSegmentMayMatch(String template, String path) {
        int end = template.indexOf('/', 1);
        int length = (end < 0 ? template.length() : end) - 1;
        if (length > 0 && template.charAt(1) == '{') {
            return true;
        }
        return path.regionMatches(0, template, 0, length + 1)
                && (path.length() == length + 1 || path.charAt(length + 1) == '/');
    }

    /**
     * {@code path} as it may appear in a log line: the segments that are credentials (an ingest URL's
     * {@code {maskID}}, which is all a sender needs to post events) replaced by the parameter's name.
     */
    public String loggablePath(String path) {
        for (Route route : snapshot) {
            int secret = route.parameterNames.indexOf("maskID");
            if (secret < 0) {
                continue;
            }
            Matcher m = route.pattern.matcher(path);
            if (m.matches()) {
                return path.substring(0, m.start(secret + 1)) + "{maskID}" + path.substring(m.end(secret + 1));
            }
        }
        return path;
    }
}
