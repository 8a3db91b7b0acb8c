package dev.hookline.server.auth;

import java.time.Instant;
import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A bounded map of entries that expire: what the {@link KeyAuthenticator} remembers about credentials it has seen.
 * Reads take no lock (every authenticated request reads it). When full, expired entries go first, then arbitrary
 * ones: a flood of made-up credentials can push out what it remembers, never grow the heap.
 */
final class RecentEntries<V> {

    private record Entry<V>(V value, Instant until) {
    }

    private final int capacity;
    private final Map<String, Entry<V>> entries = new ConcurrentHashMap<>();

    RecentEntries(int capacity) {
        this.capacity = capacity;
    }

    /** The value under {@code key} if it is still live at {@code now}, else null. */
    V get(String key, Instant now) {
        Entry<V> entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (!entry.until.isAfter(now)) {
            entries.remove(key, entry);
            return null;
        }
        return entry.value;
    }

    void put(String key, V value, Instant until, Instant now) {
        if (entries.size() >= capacity && !entries.containsKey(key)) {
            makeRoom(now);
        }
        entries.put(key, new Entry<>(value, until));
    }

    void clear() {
        entries.clear();
    }

    private void makeRoom(Instant now) {
        entries.values().removeIf(e -> !e.until.isAfter(now));
        Iterator<String> keys = entries.keySet().iterator();
        while (entries.size() >= capacity && keys.hasNext()) {
            keys.next();
            keys.remove();
        }
    }
}
