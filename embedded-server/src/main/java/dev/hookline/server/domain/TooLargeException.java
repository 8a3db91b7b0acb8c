package dev.hookline.server.domain;

/** The input is over a size limit; the message says which limit. */
public final class TooLargeException extends DomainException {
    public TooLargeException(String message) {
        super(message);
    }
}
