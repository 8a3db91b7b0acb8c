package dev.hookline.server.events;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An events {@code query} that is not a JSON object. An event matches when any of these is true (Convoy's HEAD
 * document: "event id prefix, idempotency key, event type, and source name", plus Hookline's payload word search):
 * <ul>
 *   <li>its ID starts with the text (case ignored: IDs are upper-case ULIDs), when the text could begin an ID;</li>
 *   <li>its idempotency key is the text (exactly);</li>
 *   <li>its event type is the text (exactly);</li>
 *   <li>its source's name is the text (case ignored);</li>
 *   <li>its payload has every word of the text ({@link EventSearch#terms}).</li>
 * </ul>
 *
 * @param text           the query, trimmed, never blank
 * @param words          its payload search words (may be empty)
 * @param namedSourceIds the project's sources named {@code text}; null until {@link EventRepository} looked them up
 */
public record TextQuery(String text, List<String> words, List<String> namedSourceIds) {

    /** What could begin a ULID: Crockford base-32 characters, at most 26. */
    private static final Pattern ID_PREFIX = Pattern.compile("[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{1,26}");

    public TextQuery {
        words = List.copyOf(words);
        namedSourceIds = namedSourceIds == null ? null : List.copyOf(namedSourceIds);
    }

    /** The text query for {@code query}; empty for a blank one (no filter). */
    public static Optional<TextQuery> of(String query) {
        if (query == null || query.isBlank()) {
            return Optional.empty();
        }
        String text = query.strip();
        return Optional.of(new TextQuery(text, EventSearch.terms(text), null));
    }

    /** The ID prefix the text names, upper-cased, when it could begin an event ID. */
    public Optional<String> idPrefix() {
        return ID_PREFIX.matcher(text).matches() ? Optional.of(text.toUpperCase(Locale.ROOT)) : Optional.empty();
    }

    TextQuery withNamedSources(List<String> sourceIds) {
        return new TextQuery(text, words, sourceIds);
    }
}
