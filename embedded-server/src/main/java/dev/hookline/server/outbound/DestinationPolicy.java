package dev.hookline.server.outbound;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Which addresses the server may open a connection to (ADR 0039). Checked at connect time on every resolved
 * address ({@link PolicySocketFactory}), so DNS answers, redirects and retries cannot get around it, and on literal
 * addresses when an endpoint or another URL is saved.
 *
 * <p>Three policies: {@link #EMBEDDED} (the console's in-process server: loopback allowed for capture bins and local
 * development, link-local and cloud metadata addresses never), {@link #publicOnly} (the headless server: loopback,
 * private, carrier-grade NAT, link-local, unique-local, multicast, {@code 0.0.0.0/8} and broadcast refused, ranges
 * given with {@code --allow-destination} opened) and {@link #PORTAL} (portal link holders: public addresses only,
 * whatever the server allows). IPv4-mapped ({@code ::ffff:a.b.c.d}), IPv4-compatible and NAT64 forms are judged by
 * the IPv4 address inside.
 */
public final class DestinationPolicy {

    /** What a refusal tells a headless operator to do. */
    public static final String OPTION_HINT = "start the server with --allow-destination CIDR (or "
            + "HOOKLINE_ALLOW_DESTINATIONS) to allow it";

    /** The console's embedded server: everything but link-local and metadata addresses (and 0.0.0.0/8). */
    public static final DestinationPolicy EMBEDDED = new DestinationPolicy("embedded", false, List.of(),
            "link-local and cloud metadata addresses are never reached");
    /** Portal link holders: public addresses only, nothing opened. */
    public static final DestinationPolicy PORTAL = new DestinationPolicy("portal", true, List.of(),
            "a portal link reaches public addresses only");

    private final String name;
    private final boolean refuseNonPublic;
    private final List<Cidr> allowed;
    private final String hint;

    private DestinationPolicy(String name, boolean refuseNonPublic, List<Cidr> allowed, String hint) {
        this.name = name;
        this.refuseNonPublic = refuseNonPublic;
        this.allowed = List.copyOf(allowed);
        this.hint = hint;
    }

    /**
     * The portal's reach with {@code opened} ranges counted as public: only for a test whose stand-in for a public
     * receiver listens on loopback (a server always uses {@link #PORTAL}).
     */
    public static DestinationPolicy portalOpening(List<Cidr> opened) {
        return new DestinationPolicy("portal", true, opened, PORTAL.hint);
    }

    /** The headless default: public addresses, plus {@code allowed} ranges. */
    public static DestinationPolicy publicOnly(List<Cidr> allowed) {
        return new DestinationPolicy("headless", true, allowed, OPTION_HINT);
    }

    public String name() {
        return name;
    }

    /** True when loopback and private addresses are refused unless opened (the headless and portal policies). */
    public boolean refusesPrivate() {
        return refuseNonPublic;
    }

    /** Ranges opened beyond the policy's default. */
    public List<Cidr> allowed() {
        return allowed;
    }

    /** Null when {@code address} may be connected to; otherwise why not, in words that name the way out. */
    public String refusal(InetAddress address) {
        InetAddress judged = embeddedIpv4(address);
        for (Cidr cidr : allowed) {
            if (cidr.contains(judged) || cidr.contains(address)) {
                return null;
            }
        }
        String kind = kind(judged);
        if (kind == null) {
            return null;
        }
        boolean alwaysRefused = kind.equals("link-local") || kind.equals("cloud metadata")
                || kind.equals("unspecified (0.0.0.0)");
        if (!alwaysRefused && !refuseNonPublic) {
            return null;
        }
        return "destination " + address.getHostAddress() + " is not allowed: it is a " + kind + " address; "
                + (alwaysRefused ? "link-local and cloud metadata addresses are never reached" : hint);
    }

    /** {@link #refusal} for a URL's host when it is a literal address (no DNS is asked); null otherwise. */
    public String refusalOfLiteral(String host) {
        InetAddress literal = literal(host);
        return literal == null ? null : refusal(literal);
    }

    /**
     * {@link #refusal} for every address the host of {@code url} resolves to now (a literal is not resolved); null
     * when all are allowed, the name does not resolve (the delivery will say so) or {@code url} is not a URL.
     */
    public String refusalOfResolvedUrl(String url) {
        String host = hostOf(url);
        return host == null ? null : refusalOfHost(host, Resolver.SYSTEM);
    }

    /** Resolves a host name to the addresses a connection to it would try. */
    @FunctionalInterface
    public interface Resolver {

        /** The resolver of the JDK (the system's). */
        Resolver SYSTEM = host -> List.of(InetAddress.getAllByName(host));

        List<InetAddress> resolve(String host) throws UnknownHostException;
    }

    /**
     * {@link #refusal} for every address {@code host} resolves to now with {@code resolver} (a literal is not
     * resolved); null when all are allowed or the name does not resolve (the connection will fail and say so). For
     * clients whose connections cannot be checked as they are made: what they connect to is checked just before.
     */
    public String refusalOfHost(String host, Resolver resolver) {
        if (host == null || host.isBlank()) {
            return null;
        }
        InetAddress literal = literal(host);
        if (literal != null) {
            return refusal(literal);
        }
        try {
            for (InetAddress address : resolver.resolve(host.trim())) {
                String refused = refusal(address);
                if (refused != null) {
                    return refused;
                }
            }
        } catch (UnknownHostException | SecurityException e) {
            return null;
        }
        return null;
    }

    /**
     * {@link #refusalOfLiteral} for the host of {@code url}; null when it is a name (or {@code url} is not a URL, which
     * its own validation reports).
     */
    public String refusalOfUrl(String url) {
        return refusalOfLiteral(hostOf(url));
    }

    /**
     * The host of {@code url} as a connection would use it, also where {@code java.net.URI} sees no host (it reads
     * {@code 127.1} or {@code 0x7f.1} as a registry name); null when {@code url} is not a URL or has none.
     */
    static String hostOf(String url) {
        if (url == null) {
            return null;
        }
        try {
            java.net.URI uri = new java.net.URI(url.trim());
            if (uri.getHost() != null) {
                return uri.getHost();
            }
            String authority = uri.getRawAuthority();
            if (authority == null) {
                return null;
            }
            authority = authority.substring(authority.lastIndexOf('@') + 1);
            if (authority.startsWith("[")) {
                int close = authority.indexOf(']');
                return close < 0 ? null : authority.substring(0, close + 1);
            }
            int colon = authority.lastIndexOf(':');
            return colon < 0 ? authority : authority.substring(0, colon);
        } catch (java.net.URISyntaxException e) {
            return null;
        }
    }

    /** The port of {@code url}, as {@link #hostOf} reads it; the scheme's default when none is written. */
    static int portOf(String url) {
        try {
            java.net.URI uri = new java.net.URI(url.trim());
            if (uri.getPort() >= 0) {
                return uri.getPort();
            }
            String authority = uri.getRawAuthority();
            String afterHost = authority == null ? "" : authority.substring(authority.lastIndexOf('@') + 1)
                    .replaceFirst("^\\[[^\\]]*\\]", "");
            int colon = afterHost.lastIndexOf(':');
            if (colon >= 0 && colon < afterHost.length() - 1) {
                return Integer.parseInt(afterHost.substring(colon + 1));
            }
            return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        } catch (java.net.URISyntaxException | NumberFormatException e) {
            return -1;
        }
    }

    /**
     * The address a host string names literally: dotted or bracketed IPv6, the forms {@code inet_aton} accepts and a
     * connect would use ({@code 2130706433}, {@code 0x7f.1}, {@code 127.1}), and {@code localhost} and its
     * subdomains, which always mean loopback (RFC 6761) whatever a resolver says; null for another name.
     */
    static InetAddress literal(String host) {
        if (host == null || host.isBlank()) {
            return null;
        }
        String h = host.trim();
        String name = (h.endsWith(".") ? h.substring(0, h.length() - 1) : h).toLowerCase(Locale.ROOT);
        if (name.equals("localhost") || name.endsWith(".localhost")) {
            return InetAddress.getLoopbackAddress();
        }
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        try {
            if (h.contains(":")) {
                int zone = h.indexOf('%');
                return InetAddress.getByName(zone > 0 ? h.substring(0, zone) : h);
            }
            long[] parts = inetAton(h);
            if (parts == null) {
                return null;
            }
            long value = parts[0];
            byte[] bytes = {(byte) (value >>> 24), (byte) (value >>> 16), (byte) (value >>> 8), (byte) value};
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** inet_aton: 1-4 parts, each decimal, octal (leading 0) or hex (0x); the last part fills the remaining bytes. */
    private static long[] inetAton(String h) {
        if (h.endsWith(".")) {
            h = h.substring(0, h.length() - 1);
        }
        String[] parts = h.split("\\.", -1);
        if (parts.length < 1 || parts.length > 4) {
            return null;
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String p = parts[i].toLowerCase(Locale.ROOT);
            if (p.isEmpty()) {
                return null;
            }
            try {
                if (p.startsWith("0x")) {
                    values[i] = p.length() == 2 ? 0 : Long.parseLong(p.substring(2), 16);
                } else if (p.length() > 1 && p.startsWith("0")) {
                    values[i] = Long.parseLong(p.substring(1), 8);
                } else {
                    values[i] = Long.parseLong(p);
                }
            } catch (NumberFormatException e) {
                return null;
            }
        }
        long result = 0;
        for (int i = 0; i < values.length - 1; i++) {
            if (values[i] > 255) {
                return null;
            }
            result |= values[i] << (8 * (3 - i));
        }
        long last = values[values.length - 1];
        int lastBytes = 4 - (values.length - 1);
        if (last >= (1L << (8 * lastBytes))) {
            return null;
        }
        return new long[]{result | last};
    }

    /** The IPv4 address inside an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address; the address otherwise. */
    static InetAddress embeddedIpv4(InetAddress address) {
        if (!(address instanceof Inet6Address)) {
            return address;
        }
        byte[] b = address.getAddress();
        boolean zeros80 = true;
        for (int i = 0; i < 10; i++) {
            zeros80 &= b[i] == 0;
        }
        boolean mapped = zeros80 && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
        boolean compatible = zeros80 && b[10] == 0 && b[11] == 0 && !(b[12] == 0 && b[13] == 0 && b[14] == 0);
        boolean nat64 = (b[0] & 0xff) == 0x00 && (b[1] & 0xff) == 0x64 && (b[2] & 0xff) == 0xff
                && (b[3] & 0xff) == 0x9b && allZero(b, 4, 12);
        if (mapped || compatible || nat64) {
            try {
                return InetAddress.getByAddress(new byte[]{b[12], b[13], b[14], b[15]});
            } catch (UnknownHostException e) {
                return address;
            }
        }
        return address;
    }

    private static boolean allZero(byte[] b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (b[i] != 0) {
                return false;
            }
        }
        return true;
    }

    /** The kind of non-public address, or null for a public one. */
    static String kind(InetAddress a) {
        byte[] b = a.getAddress();
        if (a instanceof Inet4Address) {
            int b0 = b[0] & 0xff;
            int b1 = b[1] & 0xff;
            if (b0 == 169 && b1 == 254 && (b[2] & 0xff) == 169 && (b[3] & 0xff) == 254) {
                return "cloud metadata";
            }
            if (b0 == 0) {
                return "unspecified (0.0.0.0)";
            }
            if (b0 == 127) {
                return "loopback";
            }
            if (b0 == 169 && b1 == 254) {
                return "link-local";
            }
            if (b0 == 10 || (b0 == 172 && b1 >= 16 && b1 <= 31) || (b0 == 192 && b1 == 168)) {
                return "private";
            }
            if (b0 == 100 && b1 >= 64 && b1 <= 127) {
                return "carrier-grade NAT (private)";
            }
            if (b0 == 192 && b1 == 0 && (b[2] & 0xff) == 0) {
                return "reserved";
            }
            if (b0 == 198 && (b1 == 18 || b1 == 19)) {
                return "benchmarking (private)";
            }
            if (b0 >= 224 && b0 <= 239) {
                return "multicast";
            }
            if (b0 >= 240) {
                return "reserved";
            }
            return null;
        }
        int b0 = b[0] & 0xff;
        int b1 = b[1] & 0xff;
        if (a.isAnyLocalAddress()) {
            return "unspecified (0.0.0.0)";
        }
        if (a.isLoopbackAddress()) {
            return "loopback";
        }
        if (b0 == 0xfd && b1 == 0x00 && (b[2] & 0xff) == 0x0e && (b[3] & 0xff) == 0xc2 && allZero(b, 4, 14)
                && (b[14] & 0xff) == 0x02 && (b[15] & 0xff) == 0x54) {
            return "cloud metadata"; // fd00:ec2::254
        }
        if (b0 == 0xfe && (b1 & 0xc0) == 0x80) {
            return "link-local";
        }
        if ((b0 & 0xfe) == 0xfc) {
            return "unique-local (private)";
        }
        if (b0 == 0xff) {
            return "multicast";
        }
        if (b0 == 0xfe && (b1 & 0xc0) == 0xc0) {
            return "site-local (private)";
        }
        return null;
    }

    /** Parses a comma-separated list of CIDR ranges (or single addresses). */
    public static List<Cidr> parseList(String text) {
        List<Cidr> out = new ArrayList<>();
        if (text == null) {
            return out;
        }
        for (String part : text.split(",")) {
            if (!part.isBlank()) {
                out.add(Cidr.parse(part.trim()));
            }
        }
        return out;
    }

    @Override
    public String toString() {
        return name + (allowed.isEmpty() ? "" : " allowing " + allowed);
    }

    /** An address range: {@code 127.0.0.0/8}, {@code fd00::/8}, or one address. */
    public record Cidr(InetAddress network, int prefix) {

        public Cidr {
            Objects.requireNonNull(network, "network");
        }

        /** @throws IllegalArgumentException naming what is wrong with {@code text} */
        public static Cidr parse(String text) {
            String t = text.trim();
            int slash = t.indexOf('/');
            String host = slash < 0 ? t : t.substring(0, slash);
            InetAddress address = literal(host);
            if (address == null || host.chars().filter(ch -> ch == '.').count() != 3 && !host.contains(":")) {
                throw new IllegalArgumentException("not an address range: \"" + text
                        + "\" (expected CIDR such as 127.0.0.0/8 or fd00::/8)");
            }
            int bits = address.getAddress().length * 8;
            int prefix = bits;
            if (slash >= 0) {
                try {
                    prefix = Integer.parseInt(t.substring(slash + 1));
                } catch (NumberFormatException e) {
                    prefix = -1;
                }
                if (prefix < 0 || prefix > bits) {
                    throw new IllegalArgumentException("not an address range: \"" + text + "\" (the prefix must be "
                            + "0 to " + bits + ")");
                }
            }
            return new Cidr(address, prefix);
        }

        public boolean contains(InetAddress address) {
            byte[] a = address.getAddress();
            byte[] n = network.getAddress();
            if (a.length != n.length) {
                return false;
            }
            int full = prefix / 8;
            for (int i = 0; i < full; i++) {
                if (a[i] != n[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            if (rest == 0) {
                return true;
            }
            int mask = (0xff << (8 - rest)) & 0xff;
            return (a[full] & mask) == (n[full] & mask);
        }

        @Override
        public String toString() {
            return network.getHostAddress() + "/" + prefix;
        }
    }
}
