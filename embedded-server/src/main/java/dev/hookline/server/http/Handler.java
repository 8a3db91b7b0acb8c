package dev.hookline.server.http;

/** Handles one matched route. Throw {@link ApiError} for client mistakes. */
@FunctionalInterface
public interface Handler {
    void handle(Exchange exchange) throws Exception;
}
