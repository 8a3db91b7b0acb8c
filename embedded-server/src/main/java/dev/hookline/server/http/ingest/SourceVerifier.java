package dev.hookline.server.http.ingest;

import dev.hookline.api.model.ApiKeyHeader;
import dev.hookline.api.model.BasicAuth;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceProvider;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.server.http.ApiError;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Locale;
import java.util.function.Function;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks an ingest request against its source's verifier: a provider preset (github, shopify, twitter: HMAC-SHA256
 * with {@code verifier.hmac.secret}) wins over the verifier type ({@code hmac}, {@code basic_auth}, {@code api_key},
 * {@code noop}). Every comparison is constant-time. A failure is a 401 that says which header was missing or did not
 * match, never what was expected.
 */
final class SourceVerifier {

    static final String GITHUB_HEADER = "X-Hub-Signature-256";
    static final String SHOPIFY_HEADER = "X-Shopify-Hmac-Sha256";
    static final String TWITTER_HEADER = "X-Twitter-Webhooks-Signature";

    private SourceVerifier() {
    }

    /**
     * Throws a 401 {@link ApiError} unless the request passes. {@code header} reads a request header
     * (case-insensitive, null when absent); {@code body} is the raw body as received.
     */
    static void verify(Source source, Function<String, String> header, byte[] body) {
        Verifier verifier = source.verifier();
        SourceProvider provider = source.provider();
        if (provider != null) {
            String secret = verifier == null || verifier.hmac() == null ? null : verifier.hmac().secret();
            if (secret == null || secret.isEmpty()) {
                throw ApiError.unauthorized(provider.wire() + " source has no hmac secret configured");
            }
            switch (provider) {
                case GITHUB -> checkPrefixed(header, GITHUB_HEADER, "sha256=", hmac("SHA256", secret, body), false);
                case SHOPIFY -> checkSignature(header, SHOPIFY_HEADER, hmac("SHA256", secret, body), "base64");
                case TWITTER -> checkPrefixed(header, TWITTER_HEADER, "sha256=", hmac("SHA256", secret, body), true);
            }
            return;
        }
        VerifierType type = verifier == null || verifier.type() == null ? VerifierType.NOOP : verifier.type();
        switch (type) {
            case NOOP -> {
            }
            case HMAC -> {
                Verifier.Hmac h = verifier.hmac();
                if (h == null || h.header() == null || h.header().isBlank() || h.secret() == null) {
                    throw ApiError.unauthorized("source hmac verifier is incomplete (header and secret are needed)");
                }
                String hash = h.hash() == null ? "SHA256" : h.hash().toUpperCase(Locale.ROOT);
                if (!hash.equals("SHA256") && !hash.equals("SHA512")) {
                    throw ApiError.unauthorized("source hmac verifier hash " + h.hash()
                            + " is not supported (SHA256 or SHA512)");
                }
                checkSignature(header, h.header(), hmac(hash, h.secret(), body),
                        h.encoding() == null ? "hex" : h.encoding());
            }
            case BASIC_AUTH -> checkBasic(header, verifier.basicAuth());
            case API_KEY -> checkApiKey(header, verifier.apiKey());
        }
    }

    /** HMAC of {@code body} with {@code hash} ({@code SHA256} or {@code SHA512}). */
    static byte[] hmac(String hash, String secret, byte[] body) {
        String algorithm = hash.equals("SHA512") ? "HmacSHA512" : "HmacSHA256";
        try {
            Mac mac = Mac.getInstance(algorithm);
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), algorithm));
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(algorithm + " unavailable", e);
        }
    }

    private static String required(Function<String, String> header, String name) {
        String value = header.apply(name);
        if (value == null || value.isBlank()) {
            throw ApiError.unauthorized("request verification failed: header " + name + " is missing");
        }
        return value.trim();
    }

    /** {@code name: <prefix><hex or base64 of expected>}. */
    private static void checkPrefixed(Function<String, String> header, String name, String prefix, byte[] expected,
                                      boolean base64) {
        String value = required(header, name);
        if (!value.regionMatches(true, 0, prefix, 0, prefix.length())) {
            throw mismatch(name);
        }
        compare(name, decode(value.substring(prefix.length()), base64 ? "base64" : "hex"), expected);
    }

    private static void checkSignature(Function<String, String> header, String name, byte[] expected,
                                       String encoding) {
        compare(name, decode(required(header, name), encoding), expected);
    }

    private static void compare(String name, byte[] given, byte[] expected) {
        if (given == null || !MessageDigest.isEqual(given, expected)) {
            throw mismatch(name);
        }
    }

    private static ApiError mismatch(String name) {
        return ApiError.unauthorized("request verification failed: the signature in header " + name
                + " does not match the body");
    }

    private static byte[] decode(String value, String encoding) {
        try {
            return "base64".equals(encoding) ? Base64.getDecoder().decode(value) : HexFormat.of().parseHex(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static void checkBasic(Function<String, String> header, BasicAuth basic) {
        if (basic == null || basic.username() == null || basic.password() == null) {
            throw ApiError.unauthorized("source basic_auth verifier is incomplete (username and password are needed)");
        }
        String value = required(header, "Authorization");
        byte[] given = null;
        if (value.regionMatches(true, 0, "Basic ", 0, 6)) {
            given = decode(value.substring(6).trim(), "base64");
        }
        byte[] expected = (basic.username() + ":" + basic.password()).getBytes(StandardCharsets.UTF_8);
        if (given == null || !MessageDigest.isEqual(given, expected)) {
            throw ApiError.unauthorized("request verification failed: wrong basic auth credentials");
        }
    }

    private static void checkApiKey(Function<String, String> header, ApiKeyHeader key) {
        if (key == null || key.headerValue() == null) {
            throw ApiError.unauthorized("source api_key verifier is incomplete (header_value is needed)");
        }
        String given;
        String name;
        if (key.headerName() == null || key.headerName().isBlank()) {
            // Convoy: any scheme, the credential is the second part of Authorization
            name = "Authorization";
            String[] parts = required(header, name).split(" ", 2);
            given = parts.length == 2 ? parts[1].trim() : "";
        } else {
            name = key.headerName();
            given = required(header, name);
        }
        if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                key.headerValue().getBytes(StandardCharsets.UTF_8))) {
            throw ApiError.unauthorized("request verification failed: wrong api key in header " + name);
        }
    }
}
