package dev.hookline.server.domain;

/** The caller is known but may not do this (a disabled source, a portal link without endpoint management). */
public final class NotPermittedException extends DomainException {
    public NotPermittedException(String message) {
        super(message);
    }
}
