package dev.hookline.server.domain;

/**
 * The server refuses work it would have to queue too long for, to keep serving everything else (e.g. more unknown
 * credentials to check at once than the key-check share of the CPU allows). The caller may retry shortly.
 */
public final class TooBusyException extends DomainException {
    public TooBusyException(String message) {
        super(message);
    }
}
