package dev.hookline.server.outbound;

/** Endpoint authentication could not be applied; the message is the try's error in plain words (no secrets). */
final class AuthException extends Exception {

    AuthException(String message) {
        super(message);
    }
}
