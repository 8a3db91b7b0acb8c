package dev.hookline.server.domain;

/**
 * The rule every named resource's name follows (endpoints, projects, sources, subscriptions, portal links): given,
 * not blank, and at most {@value #MAX_LENGTH} characters, as Convoy checks it. Callers trim or strip what it returns
 * as they always did.
 */
public final class Names {

    /** The longest name a resource may have. */
    public static final int MAX_LENGTH = 255;

    private Names() {
    }

    /**
     * {@code name}, when it is given and not too long; otherwise invalid input on {@code name}, where a missing one
     * is told {@code missing} (e.g. {@code "please provide a source name"}).
     */
    public static String require(String name, String missing) {
        if (name == null || name.isBlank()) {
            throw InvalidInputException.of("name:" + missing);
        }
        return limit(name);
    }

    /** {@code name} (given), when it is not too long; otherwise invalid input on {@code name}. */
    public static String limit(String name) {
        if (name.length() > MAX_LENGTH) {
            throw InvalidInputException.of("name:must be at most " + MAX_LENGTH + " characters");
        }
        return name;
    }
}
