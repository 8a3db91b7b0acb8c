package dev.hookline.server.transforms;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import org.mozilla.javascript.Script;

/**
 * Compiled scripts by script text, least recently used dropped first: the same subscription function runs on every
 * event and must not be parsed each time. Syntax errors are remembered too, so a broken function fails fast.
 */
final class ScriptCache {

    /** A compiled script, or the error its text gave. */
    record Compiled(Script script, String error) {
    }

    private final int capacity;
    private final Map<String, Compiled> entries;

    ScriptCache(int capacity) {
        this.capacity = capacity;
        this.entries = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Compiled> eldest) {
                return size() > ScriptCache.this.capacity;
            }
        };
    }

    /** The cached compilation of {@code source}, compiling it (outside the lock) if needed. */
    Compiled get(String source, Function<String, Compiled> compiler) {
        synchronized (entries) {
            Compiled cached = entries.get(source);
            if (cached != null) {
                return cached;
            }
        }
        Compiled compiled = compiler.apply(source);
        synchronized (entries) {
            entries.put(source, compiled);
        }
        return compiled;
    }

    int size() {
        synchronized (entries) {
            return entries.size();
        }
    }
}
