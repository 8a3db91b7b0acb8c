package dev.hookline.app.deliveries;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A delivery attempt's request as a {@code curl} command line for a POSIX shell, so a user can replay exactly what
 * the endpoint received: the method, the URL, every header that was sent (signature included) and the body bytes.
 *
 * <p>Every argument is single-quoted (a single quote inside becomes {@code '\''}), so no byte of a header or
 * the body is interpreted by the shell: not {@code $}, backquotes, {@code !}, backslashes nor newlines. The body goes
 * through {@code --data-raw}, which sends it verbatim: unlike {@code -d} and {@code --data-binary}, a leading
 * {@code @} does not make curl read a file. Headers
 * that curl computes itself from the request it sends ({@code Content-Length}, {@code Host}, {@code Connection},
 * {@code Transfer-Encoding}) are left out so that an edited body still yields a valid request.
 */
public final class CurlCommand {

    private static final Set<String> COMPUTED_BY_CURL =
            Set.of("content-length", "host", "connection", "transfer-encoding");

    private CurlCommand() {
    }

    /**
     * @param method  e.g. {@code POST}; {@code null} means POST (what deliveries use)
     * @param url     the URL the attempt was sent to
     * @param headers the request headers as sent, in the order to write them
     * @param body    the body as sent, or {@code null} for none
     */
    public static String of(String method, String url, Map<String, String> headers, String body) {
        Objects.requireNonNull(url, "url");
        StringBuilder command = new StringBuilder("curl -X ")
                .append(quote(method == null || method.isBlank() ? "POST" : method.strip().toUpperCase(Locale.ROOT)))
                .append(' ').append(quote(url));
        if (headers != null) {
            headers.forEach((name, value) -> {
                if (!COMPUTED_BY_CURL.contains(name.toLowerCase(Locale.ROOT))) {
                    command.append(" \\\n  -H ").append(quote(name + ": " + (value == null ? "" : value)));
                }
            });
        }
        if (body != null) {
            command.append(" \\\n  --data-raw ").append(quote(body));
        }
        return command.toString();
    }

    /** {@code text} as one single-quoted shell word. */
    static String quote(String text) {
        return "'" + text.replace("'", "'\\''") + "'";
    }
}
