package dev.hookline.server.http;

/**
 * A client-visible failure: answered as {@code {"status":false,"message":...}} with {@link #status()}.
 * Handlers throw these for every client mistake; anything else becomes a 500 without details.
 */
public final class ApiError extends RuntimeException {

    private final int status;

    public ApiError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    public int status() {
        return status;
    }

    public static ApiError badRequest(String message) {
        return new ApiError(400, message);
    }

    public static ApiError unauthorized(String message) {
        return new ApiError(401, message);
    }

    public static ApiError forbidden(String message) {
        return new ApiError(403, message);
    }

    public static ApiError notFound(String message) {
        return new ApiError(404, message);
    }

    public static ApiError tooLarge(String message) {
        return new ApiError(413, message);
    }

    public static ApiError unsupportedMediaType(String message) {
        return new ApiError(415, message);
    }
}
