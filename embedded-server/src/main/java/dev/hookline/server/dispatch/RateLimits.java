package dev.hookline.server.dispatch;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Token buckets, one per key (an endpoint's {@code rate_limit} per {@code rate_limit_duration}, a subscription's
 * {@code rate_limit_config}): {@code count} sends per {@code duration} seconds, with a burst of {@code count}. A
 * count or duration of 0 means unlimited. Time comes from the caller (the server clock).
 */
final class RateLimits {

    private final ConcurrentHashMap<String, Bucket> buckets = new ConcurrentHashMap<>();

    /**
     * Takes one token for {@code key}: {@link Duration#ZERO} when granted, else how long until a token is there
     * (nothing taken).
     */
    Duration tryTake(String key, long count, long durationSeconds, Instant now) {
        if (count <= 0 || durationSeconds <= 0) {
            buckets.remove(key);
            return Duration.ZERO;
        }
        Bucket bucket = buckets.compute(key, (k, b) -> b != null && b.count == count && b.seconds == durationSeconds
                ? b : new Bucket(count, durationSeconds, now));
        return bucket.take(now);
    }

    /** How long until {@code key} has a token again (zero when it has one, or has no limit); nothing taken. */
    Duration limitedFor(String key, Instant now) {
        Bucket bucket = buckets.get(key);
        return bucket == null ? Duration.ZERO : bucket.waitFor(now);
    }

    /** The keys without a token right now. */
    java.util.Set<String> limited(Instant now) {
        java.util.Set<String> out = new java.util.HashSet<>();
        buckets.forEach((key, bucket) -> {
            if (!bucket.waitFor(now).isZero()) {
                out.add(key);
            }
        });
        return out;
    }

    /** Gives back a token taken for a send that did not happen after all. */
    void giveBack(String key) {
        Bucket bucket = buckets.get(key);
        if (bucket != null) {
            bucket.giveBack();
        }
    }

    private static final class Bucket {
        final long count;
        final long seconds;
        /** Nanoseconds of the clock it takes to earn one token. */
        final double nanosPerToken;
        double tokens;
        Instant refilledAt;

        Bucket(long count, long seconds, Instant now) {
            this.count = count;
            this.seconds = seconds;
            this.nanosPerToken = seconds * 1e9 / count;
            this.tokens = count;
            this.refilledAt = now;
        }

        synchronized Duration take(Instant now) {
            if (now.isAfter(refilledAt)) {
                tokens = Math.min(count, tokens + Duration.between(refilledAt, now).toNanos() / nanosPerToken);
                refilledAt = now;
            }
            if (tokens >= 1) {
                tokens -= 1;
                return Duration.ZERO;
            }
            return Duration.ofNanos((long) Math.ceil((1 - tokens) * nanosPerToken));
        }

        synchronized Duration waitFor(Instant now) {
            double available = tokens;
            if (now.isAfter(refilledAt)) {
                available = Math.min(count, tokens + Duration.between(refilledAt, now).toNanos() / nanosPerToken);
            }
            return available >= 1 ? Duration.ZERO
                    : Duration.ofNanos((long) Math.ceil((1 - available) * nanosPerToken));
        }

        synchronized void giveBack() {
            tokens = Math.min(count, tokens + 1);
        }
    }
}
