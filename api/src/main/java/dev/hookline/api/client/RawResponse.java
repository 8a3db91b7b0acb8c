package dev.hookline.api.client;

import java.util.List;
import java.util.Map;

/**
 * An uninterpreted HTTP response from {@link ApiClient#raw}: status, body text ({@code ""} when empty) and headers
 * (names lower-cased).
 */
public record RawResponse(int status, String body, Map<String, List<String>> headers) {

    /** The first value of a header (case-insensitive name), or {@code null}. */
    public String header(String name) {
        List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    /** {@code true} for a 2xx status. */
    public boolean isSuccessful() {
        return status >= 200 && status < 300;
    }
}
