package dev.hookline.server.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.MalformedInputException;
import java.nio.charset.StandardCharsets;

/**
 * The checks a request body passes before anything is stored, so that what is stored can always be served and
 * delivered unchanged (ADR 0026): the bytes must be UTF-8 (a payload is stored as text and served inside JSON answers;
 * decoding bad bytes would silently replace them with U+FFFD), and a JSON body's {@code \}{@code u} escapes must not
 * leave a UTF-16 surrogate alone ({@code "\}{@code ud800"} parses, but no UTF-8 answer can carry it: the write of
 * the answer would fail after the event was committed).
 */
public final class BodyText {

    private BodyText() {
    }

    /** The body decoded as UTF-8; a 400 naming the first bad byte when it is not UTF-8. */
    public static String utf8(byte[] body) {
        if (isAscii(body)) {
            return new String(body, StandardCharsets.ISO_8859_1);
        }
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        try {
            return decoder.decode(in).toString();
        } catch (MalformedInputException e) {
            throw ApiError.badRequest("body is not valid UTF-8 (bad byte sequence at byte " + in.position()
                    + "); send the payload as UTF-8");
        } catch (CharacterCodingException e) {
            throw ApiError.badRequest("body is not valid UTF-8; send the payload as UTF-8");
        }
    }

    /** Refuses (400) a JSON body in which a {@code \}{@code u} escape leaves a UTF-16 surrogate unpaired. */
    public static void requireNoLoneSurrogate(byte[] json) {
        int at = loneSurrogateAt(json);
        if (at >= 0) {
            throw ApiError.badRequest("body contains a lone UTF-16 surrogate escape (\\"
                    + new String(json, at + 1, 5, StandardCharsets.US_ASCII) + " at byte " + at
                    + "): a high surrogate must be followed by a low one, as JSON text must be valid Unicode");
        }
    }

    /** Where the first unpaired surrogate escape starts (its backslash), or -1. */
    static int loneSurrogateAt(byte[] json) {
        int pendingHigh = -1;
        for (int i = 0; i < json.length; i++) {
            if (json[i] != '\\' || i + 1 >= json.length) {
                if (pendingHigh >= 0) {
                    return pendingHigh;
                }
                continue;
            }
            // an escape: "\\" or "\"" etc. take two bytes, "\\uXXXX" six
            if (json[i + 1] != 'u') {
                if (pendingHigh >= 0) {
                    return pendingHigh;
                }
                i++;
                continue;
            }
            int unit = hex4(json, i + 2);
            if (unit < 0) {
                return -1; // not a valid escape: the JSON parser names that
            }
            boolean high = unit >= 0xD800 && unit <= 0xDBFF;
            boolean low = unit >= 0xDC00 && unit <= 0xDFFF;
            if (pendingHigh >= 0 && !low) {
                return pendingHigh;
            }
            if (pendingHigh < 0 && low) {
                return i;
            }
            pendingHigh = high ? i : -1;
            i += 5;
        }
        return pendingHigh;
    }

    private static int hex4(byte[] bytes, int from) {
        if (from + 4 > bytes.length) {
            return -1;
        }
        int value = 0;
        for (int i = from; i < from + 4; i++) {
            int digit = Character.digit(bytes[i], 16);
            if (digit < 0) {
                return -1;
            }
            value = value * 16 + digit;
        }
        return value;
    }

    private static boolean isAscii(byte[] bytes) {
        for (byte b : bytes) {
            if (b < 0) {
                return false;
            }
        }
        return true;
    }
}
