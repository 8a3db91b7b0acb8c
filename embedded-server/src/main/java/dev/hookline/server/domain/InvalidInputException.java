package dev.hookline.server.domain;

import java.util.Map;

/**
 * The input is not acceptable. {@link #getMessage()} is the whole sentence shown to the caller; {@link #fields()}
 * names the offending fields (wire names) with a message each, where the validator knows them, so a form can put
 * each message under its field.
 */
public final class InvalidInputException extends DomainException {

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

    public Map<String, String> fields() {
        return fields;
    }
}
