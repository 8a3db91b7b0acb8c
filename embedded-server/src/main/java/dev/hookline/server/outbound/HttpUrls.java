package dev.hookline.server.outbound;

import java.net.URI;
import java.net.URISyntaxException;

/** What counts as a URL the server can send a request to: absolute, http or https, with a host. */
public final class HttpUrls {

    private HttpUrls() {
    }

    public static boolean isHttpUrl(String value) {
        try {
            URI uri = new URI(value);
            String scheme = uri.getScheme();
            return uri.isAbsolute() && scheme != null
                    && (scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                    && uri.getHost() != null && !uri.getHost().isEmpty();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /**
     * The URL a delivery is sent to: {@code url} with an event's {@code url_query_params} appended (Convoy sends
     * {@code POST <endpoint url>?<url_query_params>}); {@code url} itself when there are none.
     */
    public static String withQuery(String url, String urlQueryParams) {
        if (url == null || urlQueryParams == null || urlQueryParams.isBlank()) {
            return url;
        }
        String query = urlQueryParams.startsWith("?") ? urlQueryParams.substring(1) : urlQueryParams;
        return url + (url.contains("?") ? "&" : "?") + query;
    }
}
