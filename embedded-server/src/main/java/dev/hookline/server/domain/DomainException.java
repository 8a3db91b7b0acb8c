package dev.hookline.server.domain;

/**
 * A use case refused for a reason the caller can act on: the thing is not there, the input is invalid, it conflicts
 * with what exists, it is not permitted, it is too large, the server is too busy for it right now. Services and repositories throw these; they know nothing of
 * HTTP. The HTTP layer maps each kind to its status in one place ({@code http.ErrorStatus}), broker intake maps them
 * to message rejections. The message is meant for the person who sent the request and never holds a secret.
 */
public abstract sealed class DomainException extends RuntimeException
        permits NotFoundException, InvalidInputException, ConflictException, NotPermittedException,
        TooLargeException, TooBusyException {

    protected DomainException(String message) {
        // no stack trace: these are expected outcomes, thrown thousands of times a second on a bad ingest stream
        super(message, null, false, false);
    }
}
