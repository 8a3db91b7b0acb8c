package dev.hookline.server.domain;

/** The change clashes with what exists (a duplicate name, a state that does not allow it). */
public final class ConflictException extends DomainException {
    public ConflictException(String message) {
        super(message);
    }
}
