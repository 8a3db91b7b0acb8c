package dev.hookline.server.outbound;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Whether a URL is one of this server's own ingest URLs ({@code <base>/ingest/<mask>}): an endpoint (or a meta-event
 * URL) aimed there would deliver every event back in as a new event, a webhook loop (issue 29). On this server's
 * port, its own host name, loopback names and addresses, and any literal address of this machine count as this
 * server; the path is judged as the server routes it ({@code /./ingest/x}, {@code //ingest/x} and {@code %69ngest}
 * included). A name that resolves here is not caught (no DNS is asked when saving): {@link Hops} cuts that loop.
 */
public final class OwnIngestUrls {

    private OwnIngestUrls() {
    }

    public static boolean isOwnIngestUrl(String url, String ownBaseUrl) {
        if (url == null || ownBaseUrl == null || ownBaseUrl.isBlank()) {
            return false;
        }
        try {
            URI target = new URI(url.trim()).normalize();
            // decoded (%69ngest), then dot segments and doubled slashes gone again, as the router sees it
            String decoded = target.getPath() == null ? "" : target.getPath().replaceAll("/{2,}", "/");
            String path = decoded.isEmpty() ? "" : new URI(null, null, decoded, null).normalize().getPath();
            String targetHost = DestinationPolicy.hostOf(url);
            String ownHostText = DestinationPolicy.hostOf(ownBaseUrl);
            if (!path.startsWith("/ingest/") || targetHost == null || ownHostText == null) {
                return false;
            }
            if (DestinationPolicy.portOf(url) != DestinationPolicy.portOf(ownBaseUrl)) {
                return false;
            }
            String host = withoutTrailingDot(targetHost);
            String ownHost = withoutTrailingDot(ownHostText);
            return host.equals(ownHost) || thisMachine(host) && thisMachine(ownHost);
        } catch (URISyntaxException e) {
            return false;
        }
    }

    private static String withoutTrailingDot(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }

    /** Loopback ({@code localhost} included), the unspecified address, or a literal address of this machine. */
    private static boolean thisMachine(String host) {
        InetAddress literal = DestinationPolicy.literal(host);
        if (literal == null) {
            return false;
        }
        InetAddress judged = DestinationPolicy.embeddedIpv4(literal);
        if (judged.isLoopbackAddress() || judged.isAnyLocalAddress()) {
            return true;
        }
        try {
            return NetworkInterface.getByInetAddress(judged) != null;
        } catch (SocketException e) {
            return false;
        }
    }
}
