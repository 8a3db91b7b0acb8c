package dev.hookline.server.outbound;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.api.model.EndpointAuthentication.OAuth2;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.RSAPrivateKeySpec;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.Locale;
import java.util.UUID;

/**
 * The signed JWT of OAuth2's {@code client_assertion} authentication (RFC 7523): made from the endpoint's JWK
 * {@code signing_key} (EC P-256/P-384/P-521 or RSA), {@code signing_algorithm} (ES256/384/512, RS256/384/512;
 * by default ES256 for EC keys and RS256 for RSA keys), {@code issuer} and {@code subject} (both default to
 * {@code client_id}); the audience is the token URL; valid for five minutes.
 */
final class ClientAssertions {

    private static final Duration VALIDITY = Duration.ofMinutes(5);
    private static final ObjectMapper JSON = Json.lenient();
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();
    private static final Base64.Decoder URL_DECODER = Base64.getUrlDecoder();

    private final Clock clock;

    ClientAssertions(Clock clock) {
        this.clock = clock;
    }

    String create(OAuth2 settings) throws AuthException {
        JsonNode jwk = settings.signingKey();
        if (jwk == null || !jwk.isObject()) {
            throw new AuthException("OAuth2 client_assertion needs a signing_key (a JWK object)");
        }
        String kty = text(jwk, "kty").toUpperCase(Locale.ROOT);
        String algorithm = blank(settings.signingAlgorithm()) ? (kty.equals("RSA") ? "RS256" : "ES256")
                : settings.signingAlgorithm().trim().toUpperCase(Locale.ROOT);
        PrivateKey key = switch (kty) {
            case "EC" -> ecKey(jwk);
            case "RSA" -> rsaKey(jwk);
            default -> throw new AuthException("OAuth2 signing_key kty \"" + text(jwk, "kty")
                    + "\" is not supported (use EC or RSA)");
        };
        String javaAlgorithm = switch (algorithm) {
            case "ES256" -> "SHA256withECDSAinP1363Format";
            case "ES384" -> "SHA384withECDSAinP1363Format";
            case "ES512" -> "SHA512withECDSAinP1363Format";
            case "RS256" -> "SHA256withRSA";
            case "RS384" -> "SHA384withRSA";
            case "RS512" -> "SHA512withRSA";
            default -> throw new AuthException("OAuth2 signing_algorithm \"" + settings.signingAlgorithm()
                    + "\" is not supported (use ES256, ES384, ES512, RS256, RS384 or RS512)");
        };
        if (algorithm.startsWith("ES") != kty.equals("EC")) {
            throw new AuthException("OAuth2 signing_algorithm " + algorithm + " does not fit a " + kty + " signing_key");
        }
        ObjectNode header = JSON.createObjectNode().put("alg", algorithm).put("typ", "JWT");
        if (!text(jwk, "kid").isEmpty()) {
            header.put("kid", text(jwk, "kid"));
        }
        long now = clock.instant().getEpochSecond();
        String clientId = settings.clientId() == null ? "" : settings.clientId();
        ObjectNode claims = JSON.createObjectNode()
                .put("iss", blank(settings.issuer()) ? clientId : settings.issuer())
                .put("sub", blank(settings.subject()) ? clientId : settings.subject())
                .put("aud", settings.url() == null ? "" : settings.url().trim())
                .put("iat", now)
                .put("exp", now + VALIDITY.toSeconds())
                .put("jti", UUID.randomUUID().toString());
        String signingInput = URL.encodeToString(header.toString().getBytes(StandardCharsets.UTF_8)) + "."
                + URL.encodeToString(claims.toString().getBytes(StandardCharsets.UTF_8));
        try {
            Signature signer = Signature.getInstance(javaAlgorithm);
            signer.initSign(key);
            signer.update(signingInput.getBytes(StandardCharsets.US_ASCII));
            return signingInput + "." + URL.encodeToString(signer.sign());
        } catch (GeneralSecurityException e) {
            throw new AuthException("OAuth2 client_assertion could not be signed with the signing_key: "
                    + e.getMessage());
        }
    }

    private static PrivateKey ecKey(JsonNode jwk) throws AuthException {
        String curve = switch (text(jwk, "crv")) {
            case "P-256" -> "secp256r1";
            case "P-384" -> "secp384r1";
            case "P-521" -> "secp521r1";
            default -> throw new AuthException("OAuth2 signing_key crv \"" + text(jwk, "crv")
                    + "\" is not supported (use P-256, P-384 or P-521)");
        };
        try {
            AlgorithmParameters parameters = AlgorithmParameters.getInstance("EC");
            parameters.init(new ECGenParameterSpec(curve));
            ECParameterSpec spec = parameters.getParameterSpec(ECParameterSpec.class);
            return KeyFactory.getInstance("EC").generatePrivate(new ECPrivateKeySpec(number(jwk, "d"), spec));
        } catch (GeneralSecurityException e) {
            throw new AuthException("OAuth2 signing_key is not a valid EC private key");
        }
    }

    private static PrivateKey rsaKey(JsonNode jwk) throws AuthException {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new RSAPrivateKeySpec(number(jwk, "n"),
                    number(jwk, "d")));
        } catch (GeneralSecurityException e) {
            throw new AuthException("OAuth2 signing_key is not a valid RSA private key");
        }
    }

    private static BigInteger number(JsonNode jwk, String member) throws AuthException {
        String value = text(jwk, member);
        if (value.isEmpty()) {
            throw new AuthException("OAuth2 signing_key has no \"" + member + "\" (a private JWK is needed)");
        }
        try {
            return new BigInteger(1, URL_DECODER.decode(value));
        } catch (IllegalArgumentException e) {
            throw new AuthException("OAuth2 signing_key \"" + member + "\" is not base64url");
        }
    }

    private static String text(JsonNode node, String member) {
        JsonNode value = node.get(member);
        return value == null || value.isNull() ? "" : value.asText().trim();
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
