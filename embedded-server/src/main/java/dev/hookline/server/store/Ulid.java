package dev.hookline.server.store;

import java.security.SecureRandom;
import java.time.Clock;

/**
 * Monotonic ULIDs (26 chars, Crockford base32, uppercase), Convoy's ID format.
 *
 * <p>The first 10 characters encode the creation time in milliseconds, so IDs sort by creation time and a date
 * range is an ID range ({@link #lowerBound(long)}, {@link #upperBound(long)}): list queries page and filter by date
 * on one index. Within one millisecond the random part is incremented, so IDs made by this generator are strictly
 * increasing and "newest first" is exact.
 */
public final class Ulid {

    private static final char[] ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Clock clock;
    private long lastMillis = -1;
    private long randomHigh; // 40 bits
    private long randomLow;  // 40 bits

    public Ulid(Clock clock) {
        this.clock = clock;
    }

    /** A new ULID, strictly greater than every ULID this generator made before. */
    public synchronized String next() {
        long now = clock.millis();
        if (now > lastMillis) {
            lastMillis = now;
            randomHigh = RANDOM.nextLong() & 0xFFFFFFFFFFL;
            randomLow = RANDOM.nextLong() & 0xFFFFFFFFFFL;
            return encode(lastMillis, randomHigh, randomLow);
        }
        return incremented();
    }

    /**
     * A new ULID that is also strictly greater than {@code floor} (a ULID made before, or null): for rows whose IDs
     * must keep rising across restarts even when the clock was set back in between. Continues from the floor when
     * the clock is behind it.
     */
    public synchronized String nextAbove(String floor) {
        String candidate = next();
        if (floor == null || !isUlid(floor) || candidate.compareTo(floor) > 0) {
            return candidate;
        }
        lastMillis = timestampOf(floor);
        randomHigh = decode(floor, 10);
        randomLow = decode(floor, 18);
        return incremented();
    }

    /** The ULID after the last one, in the same millisecond (the next one when its 2^80 values are used up). */
    private String incremented() {
        randomLow++;
        if (randomLow > 0xFFFFFFFFFFL) {
            randomLow = 0;
            randomHigh++;
            if (randomHigh > 0xFFFFFFFFFFL) {
                lastMillis++;
                randomHigh = 0;
            }
        }
        return encode(lastMillis, randomHigh, randomLow);
    }

    /** The 40 bits encoded by the 8 characters from {@code from}. */
    private static long decode(String ulid, int from) {
        long value = 0;
        for (int i = from; i < from + 8; i++) {
            value = (value << 5) | indexOf(ulid.charAt(i));
        }
        return value;
    }

    /** The smallest ULID that can be made at {@code millis}. */
    public static String lowerBound(long millis) {
        return encode(Math.max(0, millis), 0, 0);
    }

    /** The largest ULID that can be made at {@code millis}. */
    public static String upperBound(long millis) {
        return encode(Math.max(0, millis), 0xFFFFFFFFFFL, 0xFFFFFFFFFFL);
    }

    /** The creation time of a ULID in epoch milliseconds. */
    public static long timestampOf(String ulid) {
        long millis = 0;
        for (int i = 0; i < 10; i++) {
            millis = (millis << 5) | indexOf(ulid.charAt(i));
        }
        return millis;
    }

    /** True if {@code value} is shaped like a ULID (26 Crockford base32 characters). */
    public static boolean isUlid(String value) {
        if (value == null || value.length() != 26) {
            return false;
        }
        for (int i = 0; i < 26; i++) {
            if (indexOf(value.charAt(i)) < 0) {
                return false;
            }
        }
        return true;
    }

    private static int indexOf(char c) {
        for (int i = 0; i < ALPHABET.length; i++) {
            if (ALPHABET[i] == c) {
                return i;
            }
        }
        return -1;
    }

    private static String encode(long millis, long high, long low) {
        char[] out = new char[26];
        for (int i = 9; i >= 0; i--) {
            out[i] = ALPHABET[(int) (millis & 31)];
            millis >>>= 5;
        }
        for (int i = 17; i >= 10; i--) {
            out[i] = ALPHABET[(int) (high & 31)];
            high >>>= 5;
        }
        for (int i = 25; i >= 18; i--) {
            out[i] = ALPHABET[(int) (low & 31)];
            low >>>= 5;
        }
        return new String(out);
    }
}
