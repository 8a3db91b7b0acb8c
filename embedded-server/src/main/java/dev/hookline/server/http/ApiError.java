package dev.hookline.server.http;

/**
 * A client-visible failure: answered as {@code {"status":false,"message":...}} with {@link #status()}.
 * Handlers throw these for every client mistake; anything else becomes a 500 without details.
 */
public final class ApiError extends RuntimeException {

    private final int status;
    private final long retryAfterSeconds;

    public ApiError(int status, String message) {
        this(status, message, 0);
    }

    private ApiError(int status, String message, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public int status() {
        return status;
    }

    /** Seconds for the answer's {@code Retry-After} header; 0: none. */
    public long retryAfterSeconds() {
        return retryAfterSeconds;
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

    /** 429 with {@code Retry-After: seconds}: refused for now, not for good. */
    public static ApiError tooManyRequests(String message, long seconds) {
        return new ApiError(429, message, seconds);
    }

    public static ApiError unsupportedMediaType(String message) {
        return new ApiError(415, message);
    }
}
