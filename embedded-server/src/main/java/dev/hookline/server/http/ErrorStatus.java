package dev.hookline.server.http;

import dev.hookline.server.domain.ConflictException;
import dev.hookline.server.domain.DomainException;
import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.domain.NotFoundException;
import dev.hookline.server.domain.NotPermittedException;
import dev.hookline.server.domain.TooBusyException;
import dev.hookline.server.domain.TooLargeException;

/**
 * The one place that turns a refused use case into an HTTP status. A conflict is 400, not 409: Convoy answers a
 * duplicate name or a change its state does not allow with 400, and clients of its API expect that (the wire does
 * not change, docs/adr/0022).
 */
public final class ErrorStatus {

    private ErrorStatus() {
    }

    public static int of(DomainException e) {
        return switch (e) {
            case NotFoundException n -> 404;
            case InvalidInputException i -> 400;
            case ConflictException c -> 400;
            case NotPermittedException p -> 403;
            case TooLargeException t -> 413;
            case TooBusyException b -> 429;
        };
    }
}
