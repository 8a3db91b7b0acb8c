package dev.hookline.server.http.ingest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hookline.api.Json;
import dev.hookline.server.http.ApiError;
import dev.hookline.server.http.BodyText;
import dev.hookline.server.ingest.IngestPayload;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns an ingest body into the event payload, as Convoy converts it: JSON kept exactly as received (but it must be JSON,
 * since payloads are served verbatim inside API answers), {@code application/x-www-form-urlencoded} and
 * {@code multipart/form-data} turned into a flat JSON object of each field's first value, an empty body into
 * {@code {}}.
 *
 * A body that is none of these answers 415, one that is not JSON or not UTF-8 400 (docs/adr/0026).
 */
final class IngestBodies {

    private IngestBodies() {
    }


    private static final Pattern BOUNDARY = Pattern.compile("boundary=(\"?)([^\";]+)\\1");
    private static final Pattern FIELD_NAME = Pattern.compile("name=\"([^\"]*)\"");

    static IngestPayload parse(String contentType, byte[] body) {
        String base = contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (isBlank(body)) {
            return new IngestPayload("{}", Json.lenient().createObjectNode());
        }
        if (base.equals("application/x-www-form-urlencoded") && !looksLikeJson(body)) {
            return ofObject(urlEncoded(BodyText.utf8(body)));
        }
        if (base.equals("multipart/form-data")) {
            return ofObject(multipart(contentType, body));
        }
        if (!base.isEmpty() && !base.equals("application/json") && !base.endsWith("+json")
                && !base.equals("text/plain") && !base.equals("application/x-www-form-urlencoded")) {
            throw ApiError.unsupportedMediaType("Content-Type " + base + " is not accepted; send application/json, "
                    + "application/x-www-form-urlencoded or multipart/form-data");
        }
        String text = BodyText.utf8(body);
        try {
            JsonNode tree = Json.lenient().readTree(text);
            if (tree == null || tree.isMissingNode()) {
                throw ApiError.badRequest("request body is not valid JSON");
            }
            return new IngestPayload(text, tree);
        } catch (JsonProcessingException e) {
            throw ApiError.badRequest("request body is not valid JSON: " + e.getOriginalMessage());
        }
    }

    private static IngestPayload ofObject(ObjectNode object) {
        return new IngestPayload(object.toString(), object);
    }

    private static ObjectNode urlEncoded(String form) {
        ObjectNode out = Json.lenient().createObjectNode();
        for (String pair : form.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            if (!out.has(name)) {
                out.put(name, eq < 0 ? "" : decode(pair.substring(eq + 1)));
            }
        }
        return out;
    }

    /** The text fields of a multipart form (file parts are left out, as Convoy does). */
    private static ObjectNode multipart(String contentType, byte[] body) {
        Matcher m = BOUNDARY.matcher(contentType);
        if (!m.find()) {
            throw ApiError.badRequest("multipart/form-data without a boundary");
        }
        String delimiter = "--" + m.group(2);
        // ISO-8859-1 maps bytes 1:1, so part boundaries are found without decoding; values are decoded as UTF-8
        String all = new String(body, StandardCharsets.ISO_8859_1);
        ObjectNode out = Json.lenient().createObjectNode();
        for (String part : all.split(Pattern.quote(delimiter))) {
            int split = part.indexOf("\r\n\r\n");
            if (split < 0) {
                continue;
            }
            String headers = part.substring(0, split);
            String disposition = headers.lines().filter(l -> l.toLowerCase(Locale.ROOT)
                    .startsWith("content-disposition:")).findFirst().orElse("");
            Matcher name = FIELD_NAME.matcher(disposition);
            if (!name.find() || disposition.contains("filename=")) {
                continue;
            }
            String value = part.substring(split + 4);
            if (value.endsWith("\r\n")) {
                value = value.substring(0, value.length() - 2);
            }
            String field = new String(name.group(1).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
            if (!out.has(field)) {
                out.put(field, new String(value.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8));
            }
        }
        return out;
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiError.badRequest("malformed form body");
        }
    }

    /** {@code curl -d '{...}'} sends JSON labelled as a form; a body that starts like JSON is read as JSON. */
    private static boolean looksLikeJson(byte[] bytes) {
        for (byte b : bytes) {
            if (!Character.isWhitespace(b)) {
                return b == '{' || b == '[';
            }
        }
        return false;
    }

    private static boolean isBlank(byte[] bytes) {
        for (byte b : bytes) {
            if (!Character.isWhitespace(b)) {
                return false;
            }
        }
        return true;
    }
}
