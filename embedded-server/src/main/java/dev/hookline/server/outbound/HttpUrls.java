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
}
