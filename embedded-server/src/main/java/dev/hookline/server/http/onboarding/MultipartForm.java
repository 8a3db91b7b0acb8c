package dev.hookline.server.http.onboarding;

import dev.hookline.server.http.ApiError;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Reads one field of a {@code multipart/form-data} body (RFC 7578): the part whose {@code Content-Disposition}
 * names it, as text. Enough for a file upload field; nested multiparts are not read.
 */
final class MultipartForm {

    private MultipartForm() {
    }

    /** The text of field {@code name}; a 400 when the body is not multipart or has no such field. */
    static String field(String contentType, byte[] body, String name) {
        String boundary = boundary(contentType);
        String text = new String(body, StandardCharsets.ISO_8859_1); // byte-for-byte, so offsets are bytes
        String delimiter = "--" + boundary;
        int at = text.indexOf(delimiter);
        while (at >= 0) {
            int partStart = at + delimiter.length();
            if (text.startsWith("--", partStart)) {
                break; // the closing delimiter
            }
            int headersEnd = text.indexOf("\r\n\r\n", partStart);
            int next = text.indexOf("\r\n" + delimiter, partStart);
            if (headersEnd < 0 || next < 0 || headersEnd > next) {
                break;
            }
            String headers = text.substring(partStart, headersEnd);
            if (names(headers, name)) {
                byte[] value = new byte[next - (headersEnd + 4)];
                System.arraycopy(body, headersEnd + 4, value, 0, value.length);
                return new String(value, StandardCharsets.UTF_8);
            }
            at = next + 2;
        }
        throw ApiError.badRequest("failed to read " + name + " field");
    }

    private static boolean names(String headers, String name) {
        for (String line : headers.split("\r\n")) {
            String lower = line.toLowerCase(Locale.ROOT);
            if (lower.startsWith("content-disposition:")
                    && (lower.contains("name=\"" + name.toLowerCase(Locale.ROOT) + "\"")
                    || lower.contains("name=" + name.toLowerCase(Locale.ROOT) + ";")
                    || lower.endsWith("name=" + name.toLowerCase(Locale.ROOT)))) {
                return true;
            }
        }
        return false;
    }

    private static String boundary(String contentType) {
        for (String part : contentType.split(";")) {
            String p = part.strip();
            if (p.toLowerCase(Locale.ROOT).startsWith("boundary=")) {
                String b = p.substring("boundary=".length());
                if (b.length() >= 2 && b.startsWith("\"") && b.endsWith("\"")) {
                    b = b.substring(1, b.length() - 1);
                }
                if (!b.isEmpty()) {
                    return b;
                }
            }
        }
        throw ApiError.badRequest("failed to parse multipart form: no boundary");
    }
}
