package dev.hookline.server.outbound;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Whether a URL is one of this server's own ingest URLs ({@code <base>/ingest/<mask>}): an endpoint aimed there
 * would deliver every event back in as a new event, a webhook loop (issue 29). Loopback names and addresses on this
 * server's port count as this server.
 */
public final class OwnIngestUrls {

    private OwnIngestUrls() {
    }

    public static boolean isOwnIngestUrl(String url, String ownBaseUrl) {
        if (url == null || ownBaseUrl == null || ownBaseUrl.isBlank()) {
            return false;
        }
        try {
            URI target = new URI(url.trim());
            URI own = new URI(ownBaseUrl.trim());
            String path = target.getPath() == null ? "" : target.getPath();
            if (!path.startsWith("/ingest/") || target.getHost() == null || own.getHost() == null) {
                return false;
            }
            if (port(target) != port(own)) {
                return false;
            }
            String host = target.getHost().toLowerCase(Locale.ROOT);
            return host.equals(own.getHost().toLowerCase(Locale.ROOT)) || loopback(host) && loopback(own.getHost());
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static int port(URI uri) {
        if (uri.getPort() >= 0) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.endsWith(".localhost")) {
            return true;
        }
        java.net.InetAddress literal = DestinationPolicy.literal(h);
        if (literal == null) {
            return false;
        }
        java.net.InetAddress judged = DestinationPolicy.embeddedIpv4(literal);
        return judged.isLoopbackAddress() || judged.isAnyLocalAddress();
    }
}
