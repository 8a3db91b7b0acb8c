package dev.hookline.server.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;

/**
 * Secrets in Convoy's shapes: API keys {@code CO.<mask 16>.<key 64>}, portal refresh keys
 * {@code PRT.<mask 16>.<key 64>}, random tokens and endpoint secrets; and the salted PBKDF2-HMAC-SHA256 hash that is
 * the only thing stored for a key.
 */
public final class Keys {

    private static final String ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final int ITERATIONS = 4096;

    private Keys() {
    }

    /** A key and the parts stored for it. */
    public record Generated(String key, String maskId, String salt, String hash) {
    }

    public static Generated apiKey() {
        return generate("CO");
    }

    /**
     * An API key's text alone, for a key that is never stored (a session key): without the PBKDF2 hash, which costs
     * a server start some 0.1 s of CPU while the JIT has not compiled it yet.
     */
    public static String unstoredApiKey() {
        return "CO." + random(16) + "." + random(64);
    }

    public static Generated portalRefreshKey() {
        return generate("PRT");
    }

    private static Generated generate(String prefix) {
        String mask = random(16);
        String key = prefix + "." + mask + "." + random(64);
        String salt = random(25);
        return new Generated(key, mask, salt, hash(key, salt));
    }

    /** Splits {@code PREFIX.mask.secret}; null when the shape is wrong. */
    public static String maskOf(String key, String prefix) {
        String[] parts = key.split("\\.");
        if (parts.length != 3 || !parts[0].equals(prefix) || parts[1].isEmpty() || parts[2].isEmpty()) {
            return null;
        }
        return parts[1];
    }

    public static String random(int length) {
        StringBuilder out = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            out.append(ALPHANUMERIC.charAt(RANDOM.nextInt(ALPHANUMERIC.length())));
        }
        return out.toString();
    }

    public static String hash(String key, String salt) {
        try {
            PBEKeySpec spec = new PBEKeySpec(key.toCharArray(), salt.getBytes(StandardCharsets.UTF_8), ITERATIONS, 256);
            byte[] derived = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256").generateSecret(spec).getEncoded();
            return Base64.getUrlEncoder().withoutPadding().encodeToString(derived);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("PBKDF2WithHmacSHA256 unavailable", e);
        }
    }

    /** Constant-time check of {@code key} against a stored hash. */
    public static boolean matches(String key, String salt, String storedHash) {
        return MessageDigest.isEqual(hash(key, salt).getBytes(StandardCharsets.UTF_8),
                storedHash.getBytes(StandardCharsets.UTF_8));
    }
}
