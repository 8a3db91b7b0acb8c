package dev.hookline.server.testing;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Google service-account keys for tests: syntactically real (a fresh RSA key), valid nowhere. */
public final class ServiceAccounts {

    private static volatile String pem;

    private ServiceAccounts() {
    }

    /** The JSON key of {@code email}, with {@code tokenUri} as where access tokens come from. */
    public static String json(String email, String tokenUri) {
        ObjectNode key = Json.lenient().createObjectNode();
        key.put("type", "service_account");
        key.put("project_id", "hookline-test");
        key.put("private_key_id", "0123456789abcdef0123456789abcdef01234567");
        key.put("private_key", privateKeyPem());
        key.put("client_email", email);
        key.put("client_id", "100000000000000000001");
        key.put("auth_uri", "https://accounts.google.com/o/oauth2/auth");
        key.put("token_uri", tokenUri);
        return key.toString();
    }

    /** What {@code pub_sub.google.service_account} holds: the base64 of {@link #json}. */
    public static String base64(String email) {
        return base64(email, "https://oauth2.googleapis.com/token");
    }

    public static String base64(String email, String tokenUri) {
        return Base64.getEncoder().encodeToString(json(email, tokenUri).getBytes(StandardCharsets.UTF_8));
    }

    private static String privateKeyPem() {
        String cached = pem;
        if (cached == null) {
            try {
                KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
                generator.initialize(2048);
                byte[] pkcs8 = generator.generateKeyPair().getPrivate().getEncoded();
                cached = "-----BEGIN PRIVATE KEY-----\n"
                        + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(pkcs8)
                        + "\n-----END PRIVATE KEY-----\n";
                pem = cached;
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
        return cached;
    }
}
