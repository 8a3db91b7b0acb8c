package dev.hookline.server.outbound;

import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointSecret;
import dev.hookline.api.model.ProjectConfig;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signature header value of a webhook, as Convoy computes it, so receivers verify with Convoy's SDKs.
 *
 * <ul>
 *   <li>Simple ({@code advanced_signatures=false}): {@code enc(HMAC(hash, secret, body))} with the project's LAST
 *       signature version and the endpoint's LAST active secret.</li>
 *   <li>Advanced: {@code t=<unix seconds>} followed, for each version k (1-based) and each active secret, by
 *       {@code ,v<k>=enc(HMAC(hash, secret, "<t>,<body>"))}. During a secret rotation's grace period both the old
 *       and the new secret sign, so receivers can switch secrets without rejecting anything.</li>
 * </ul>
 *
 * <p>Unlike Convoy, which signs a re-encoded (compact) copy of the JSON, the bytes signed are exactly the body sent:
 * what a receiver has in hand (ADR 0011). A secret is active when it is not deleted and its {@code expires_at}, if
 * any, is still in the future.
 */
public final class Signatures {

    /** The header name when the project has no signature settings. */
    public static final String DEFAULT_HEADER = "X-Convoy-Signature";
    private static final ProjectConfig.SignatureVersion DEFAULT_VERSION =
            new ProjectConfig.SignatureVersion("", "SHA256", "hex", null);

    private Signatures() {
    }

    /** Thrown when a signature cannot be made; the message says why in plain words. */
    public static final class SignatureException extends Exception {
        SignatureException(String message) {
            super(message);
        }
    }

    /** The header name configured for the project. */
    public static String headerName(ProjectConfig.Signature config) {
        return config == null || config.header() == null || config.header().isBlank() ? DEFAULT_HEADER
                : config.header().trim();
    }

    /** The secrets that sign at {@code now}, in the endpoint's order (the newest last). */
    public static List<String> activeSecrets(Endpoint endpoint, Instant now) {
        List<String> active = new ArrayList<>();
        if (endpoint.secrets() != null) {
            for (EndpointSecret secret : endpoint.secrets()) {
                if (secret.deletedAt() == null && (secret.expiresAt() == null || secret.expiresAt().isAfter(now))
                        && secret.value() != null && !secret.value().isEmpty()) {
                    active.add(secret.value());
                }
            }
        }
        return active;
    }

    /**
     * The header value for {@code body}, or null when the endpoint has no secret at all (nothing to sign with: sent
     * unsigned). Throws when every secret has expired or a version names an unsupported hash or encoding.
     */
    public static String headerValue(ProjectConfig.Signature config, Endpoint endpoint, byte[] body, Instant now)
            throws SignatureException {
        if (endpoint.secrets() == null || endpoint.secrets().isEmpty()) {
            return null;
        }
        List<String> secrets = activeSecrets(endpoint, now);
        if (secrets.isEmpty()) {
            throw new SignatureException("cannot sign: every secret of the endpoint has expired "
                    + "(rotate the secret with expire_secret to get a new one)");
        }
        List<ProjectConfig.SignatureVersion> versions = config == null || config.versions() == null
                || config.versions().isEmpty() ? List.of(DEFAULT_VERSION) : config.versions();
        if (!Boolean.TRUE.equals(endpoint.advancedSignatures())) {
            return sign(versions.getLast(), secrets.getLast(), body);
        }
        long timestamp = now.getEpochSecond();
        byte[] prefix = (timestamp + ",").getBytes(StandardCharsets.US_ASCII);
        byte[] signed = new byte[prefix.length + body.length];
        System.arraycopy(prefix, 0, signed, 0, prefix.length);
        System.arraycopy(body, 0, signed, prefix.length, body.length);
        StringBuilder header = new StringBuilder("t=").append(timestamp);
        for (int k = 0; k < versions.size(); k++) {
            for (String secret : secrets) {
                header.append(",v").append(k + 1).append('=').append(sign(versions.get(k), secret, signed));
            }
        }
        return header.toString();
    }

    /**
     * Whether {@code header}, as a receiver got it with {@code body}, is a signature this endpoint could have sent:
     * simple or advanced, made with any of the project's versions and any of the endpoint's active secrets (what a
     * receiver in the middle of a rotation accepts). Compared in constant time.
     */
    public static boolean matches(ProjectConfig.Signature config, Endpoint endpoint, String header, byte[] body,
                                  Instant now) throws SignatureException {
        List<String> secrets = activeSecrets(endpoint, now);
        if (header == null || header.isBlank() || secrets.isEmpty()) {
            return false;
        }
        List<ProjectConfig.SignatureVersion> versions = config == null || config.versions() == null
                || config.versions().isEmpty() ? List.of(DEFAULT_VERSION) : config.versions();
        String value = header.trim();
        if (value.startsWith("t=") && value.contains(",v")) {
            String[] parts = value.split(",");
            byte[] signed = (parts[0].substring(2) + ",").getBytes(StandardCharsets.US_ASCII);
            byte[] data = new byte[signed.length + body.length];
            System.arraycopy(signed, 0, data, 0, signed.length);
            System.arraycopy(body, 0, data, signed.length, body.length);
            for (int i = 1; i < parts.length; i++) {
                int equals = parts[i].indexOf('=');
                if (!parts[i].startsWith("v") || equals < 2) {
                    continue;
                }
                int k;
                try {
                    k = Integer.parseInt(parts[i].substring(1, equals));
                } catch (NumberFormatException e) {
                    continue;
                }
                if (k >= 1 && k <= versions.size()
                        && anySecretSigns(versions.get(k - 1), secrets, data, parts[i].substring(equals + 1))) {
                    return true;
                }
            }
            return false;
        }
        for (ProjectConfig.SignatureVersion version : versions) {
            if (anySecretSigns(version, secrets, body, value)) {
                return true;
            }
        }
        return false;
    }

    private static boolean anySecretSigns(ProjectConfig.SignatureVersion version, List<String> secrets, byte[] data,
                                          String received) throws SignatureException {
        byte[] given = received.getBytes(StandardCharsets.UTF_8);
        for (String secret : secrets) {
            byte[] expected = sign(version, secret, data).getBytes(StandardCharsets.UTF_8);
            if (java.security.MessageDigest.isEqual(expected, given)) {
                return true;
            }
        }
        return false;
    }

    /** {@code enc(HMAC(hash, secret, data))} for one version. */
    public static String sign(ProjectConfig.SignatureVersion version, String secret, byte[] data)
            throws SignatureException {
        String algorithm = switch (upper(version.hash())) {
            case "SHA256", "SHA-256" -> "HmacSHA256";
            case "SHA512", "SHA-512" -> "HmacSHA512";
            default -> throw new SignatureException("cannot sign: signature hash \"" + version.hash()
                    + "\" is not supported (use SHA256 or SHA512)");
        };
        byte[] mac;
        try {
            Mac hmac = Mac.getInstance(algorithm);
            hmac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), algorithm));
            mac = hmac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new SignatureException("cannot sign: " + algorithm + " is unavailable");
        }
        return switch (version.encoding() == null ? "" : version.encoding().trim().toLowerCase(Locale.ROOT)) {
            case "hex", "" -> HexFormat.of().formatHex(mac);
            case "base64" -> Base64.getEncoder().encodeToString(mac);
            default -> throw new SignatureException("cannot sign: signature encoding \"" + version.encoding()
                    + "\" is not supported (use hex or base64)");
        };
    }

    private static String upper(String value) {
        return value == null ? "SHA256" : value.trim().toUpperCase(Locale.ROOT);
    }
}
