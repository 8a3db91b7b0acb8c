package dev.hookline.app.form;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import dev.hookline.api.Json;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.regex.Pattern;

/**
 * The checks the forms share. Every rule but {@link #required} lets a blank value pass, so optional fields use
 * them alone and required ones put {@code required} first. Messages name the field and say what is wrong.
 */
public final class Rules {

    private static final Pattern EMAIL = Pattern.compile("^[^@\\s]+@[^@\\s]+\\.[^@\\s.]+$");
    private static final Pattern HEADER_NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]+");
    private static final Pattern GO_DURATION = Pattern.compile("^(\\d+(\\.\\d+)?(ns|us|µs|ms|s|m|h))+$");

    /** "{} x" is not one JSON document: trailing text is an error, as the server sees it. */
    private static final ObjectReader JSON = Json.strict().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private Rules() {
    }

    public static Rule required(String label) {
        return value -> value.isEmpty() ? label + " is required" : null;
    }

    public static Rule maxLength(String label, int max) {
        return value -> value.length() > max ? label + " must be at most " + max + " characters" : null;
    }

    /** An absolute http or https URL with a host. */
    public static Rule httpUrl(String label) {
        return value -> value.isEmpty() || isHttpUrl(value) ? null
                : label + " must be an http:// or https:// URL, e.g. https://example.com/webhooks";
    }

    public static Rule email(String label) {
        return value -> value.isEmpty() || EMAIL.matcher(value).matches() ? null
                : label + " must be an email address, e.g. support@example.com";
    }

    /** A whole number within {@code min..max}. */
    public static Rule integerBetween(String label, long min, long max) {
        return value -> {
            if (value.isEmpty()) {
                return null;
            }
            try {
                long number = Long.parseLong(value);
                if (number >= min && number <= max) {
                    return null;
                }
            } catch (NumberFormatException notANumber) {
                // falls through to the message
            }
            return max == Integer.MAX_VALUE || max == Long.MAX_VALUE
                    ? label + " must be a whole number of at least " + min
                    : label + " must be a whole number from " + min + " to " + max;
        };
    }

    public static Rule headerName(String label) {
        return value -> value.isEmpty() || HEADER_NAME.matcher(value).matches() ? null
                : label + " must be an HTTP header name (letters, digits and - only, no spaces or colons)";
    }

    /** A JSON object ({@code {...}}), e.g. a filter document or a sample payload. */
    public static Rule jsonObject(String label) {
        return value -> {
            if (value.isEmpty()) {
                return null;
            }
            String problem = jsonProblem(value);
            if (problem != null) {
                return label + " is not valid JSON: " + problem;
            }
            return parse(value).isObject() ? null : label + " must be a JSON object ({ ... })";
        };
    }

    /** A Go duration such as {@code 30s}, {@code 1h} or {@code 1h30m}, as Convoy reads it. */
    public static Rule goDuration(String label) {
        return value -> value.isEmpty() || GO_DURATION.matcher(value).matches() ? null
                : label + " must be a duration such as 30s, 5m or 1h30m";
    }

    /** Only for a value a {@link #jsonObject} rule accepted. */
    public static JsonNode parse(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not JSON; validate first", e);
        }
    }

    static boolean isHttpUrl(String value) {
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

    private static String jsonProblem(String value) {
        try {
            JsonNode node = JSON.readTree(value);
            return node == null || node.isMissingNode() ? "It is empty." : null;
        } catch (JsonProcessingException e) {
            String problem = JsonProblems.describe(e);
            return Character.toUpperCase(problem.charAt(0)) + problem.substring(1) + ".";
        }
    }
}
