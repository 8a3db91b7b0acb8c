package dev.hookline.server.http;

/**
 * Refuses JSON text that parses but cannot be written back: an unpaired UTF-16 surrogate, as an escape
 * ({@code "\ud800"}) or as CESU-style bytes. Jackson reads one into a Java string, the event or endpoint is stored,
 * and writing the answer then fails: a 500 for work that was done, which a client retries into a duplicate (issue
 * 17). Checked before parsing, so nothing is stored: 400.
 */
final class JsonText {

    private JsonText() {
    }

    static void requireWellFormedText(byte[] json) {
        for (int i = 0; i < json.length; i++) {
            int b = json[i] & 0xff;
            if (b == 0xED && i + 1 < json.length && (json[i + 1] & 0xff) >= 0xA0) {
                throw unpaired(i); // UTF-8 of U+D800..U+DFFF, which UTF-8 does not allow
            }
            if (b != '\\' || i + 1 >= json.length) {
                continue;
            }
            if (json[i + 1] != 'u') {
                i++; // an escaped character (\\ \" \n ...): skip it, so \\u is not read as an escape
                continue;
            }
            int unit = hex4(json, i + 2);
            if (unit >= 0xDC00 && unit <= 0xDFFF) {
                throw unpaired(i);
            }
            if (unit >= 0xD800 && unit <= 0xDBFF) {
                int low = i + 7 < json.length && json[i + 6] == '\\' && json[i + 7] == 'u' ? hex4(json, i + 8) : -1;
                if (low < 0xDC00 || low > 0xDFFF) {
                    throw unpaired(i);
                }
                i += 11;
            } else {
                i += 5;
            }
        }
    }

    /** The four hex digits at {@code from} as a number, or -1 (the parser then reports the malformed escape). */
    private static int hex4(byte[] json, int from) {
        if (from + 4 > json.length) {
            return -1;
        }
        int value = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(json[i], 16);
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private static ApiError unpaired(int offset) {
        return ApiError.badRequest("body contains an unpaired UTF-16 surrogate (at byte " + offset
                + "): not valid text");
    }
}
