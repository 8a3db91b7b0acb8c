package dev.hookline.server.store;

/** A database failure that is not the client's fault (the HTTP layer answers 500 without details). */
public final class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
