package dev.hookline.server.domain;

/** The thing named does not exist (or is not visible to the caller, which must not learn the difference). */
public final class NotFoundException extends DomainException {
    public NotFoundException(String message) {
        super(message);
    }
}
