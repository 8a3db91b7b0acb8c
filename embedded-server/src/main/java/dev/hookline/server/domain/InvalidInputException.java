package dev.hookline.server.domain;

import java.util.Map;
import java.util.regex.Pattern;

/**
 * The input is not acceptable. {@link #getMessage()} is the whole sentence shown to the caller; {@link #fields()}
 * names the offending fields (wire names) with a message each, where the validator knows them, so a form can put
 * each message under its field.
 */
public final class InvalidInputException extends DomainException {

    /** A wire field name: {@code url}, {@code authentication.oauth2.url}, {@code [0].event_type}. */
    private static final Pattern FIELD = Pattern.compile("[A-Za-z_\\[][A-Za-z0-9_.\\[\\]]*");

    private final Map<String, String> fields;

    public InvalidInputException(String message) {
        this(message, Map.of());
    }

    public InvalidInputException(String message, Map<String, String> fields) {
        super(message);
        this.fields = Map.copyOf(fields);
    }

    /** One invalid field: the message names it. */
    public static InvalidInputException field(String field, String message) {
        return new InvalidInputException(message, Map.of(field, message));
    }

    /**
     * A message in Convoy's style, {@code field:text} (e.g. {@code url:please provide a url for your endpoint}),
     * names its field: the field gets the text after the colon, the caller the whole message, as the API always
     * answered. A message without such a prefix names no field.
     */
    public static InvalidInputException of(String message) {
        int colon = message.indexOf(':');
        if (colon > 0 && FIELD.matcher(message.substring(0, colon)).matches()) {
            return new InvalidInputException(message,
                    Map.of(message.substring(0, colon), message.substring(colon + 1).strip()));
        }
        return new InvalidInputException(message);
    }

    public Map<String, String> fields() {
        return fields;
    }
}
