package dev.hookline.server.brokers.google;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import dev.hookline.server.brokers.BrokerException;
import com.google.auth.oauth2.ServiceAccountCredentials;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A {@code pub_sub.google.service_account}: the base64 of a service-account key file, decoded and read as Google's
 * credentials. Nothing here logs or repeats the key: errors say what is wrong with the file, never what is in it.
 */
record ServiceAccount(ServiceAccountCredentials credentials) {

    /** The account's e-mail address, which is what people see in IAM and what error messages name. */
    String clientEmail() {
        String email = credentials.getClientEmail();
        return email == null || email.isBlank() ? "(no client_email)" : email;
    }

    /**
     * Reads a base64 service-account key.
     *
     * @throws BrokerException in plain words when it is not base64, not JSON, or not a service-account key
     */
    static ServiceAccount decode(String base64) throws BrokerException {
        if (base64 == null || base64.isBlank()) {
            throw new BrokerException("no service account is set: paste the service account's JSON key");
        }
        byte[] json;
        try {
            json = Base64.getMimeDecoder().decode(base64.strip());
        } catch (IllegalArgumentException e) {
            throw new BrokerException("the service account is not base64 (it must be the base64 of the service "
                    + "account's JSON key)");
        }
        JsonNode node;
        try {
            node = Json.lenient().readTree(new String(json, StandardCharsets.UTF_8));
        } catch (IOException e) {
            node = null;
        }
        if (node == null || !node.isObject()) {
            throw new BrokerException("the service account is not valid JSON (it must be the base64 of the service "
                    + "account's JSON key)");
        }
        String type = node.path("type").asText("");
        if (!"service_account".equals(type)) {
            throw new BrokerException("the service account is not a service account key (its \"type\" is "
                    + (type.isEmpty() ? "missing" : "\"" + type + "\"") + ", expected \"service_account\"; "
                    + "create a JSON key under IAM > Service accounts > Keys)");
        }
        for (String field : new String[]{"client_email", "private_key"}) {
            if (node.path(field).asText("").isBlank()) {
                throw new BrokerException("the service account is not a service account key (it has no "
                        + field + ")");
            }
        }
        try {
            return new ServiceAccount(ServiceAccountCredentials.fromStream(new ByteArrayInputStream(json)));
        } catch (IOException | RuntimeException e) {
            // the library's messages name fields, not their values; still, keep only the first line
            throw new BrokerException("the service account is not a usable service account key ("
                    + firstLine(e.getMessage()) + ")");
        }
    }

    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unreadable private key";
        }
        String line = message.strip().lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
