package dev.hookline.api.client;

/**
 * A failed API call. {@link #status()} is the HTTP status, or {@code 0} when the server could not be reached (or did
 * not answer in time). {@link #serverMessage()} is the envelope's {@code message} when the error body was a Convoy
 * envelope, else {@code null}. {@link #getMessage()} is always readable: the server message when there is one,
 * otherwise e.g. {@code "HTTP 415 Unsupported Media Type"} or {@code "cannot reach http://...: Connection refused"}.
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String serverMessage;

    public ApiException(int status, String message, String serverMessage) {
        super(message);
        this.status = status;
        this.serverMessage = serverMessage;
    }

    public ApiException(int status, String message, String serverMessage, Throwable cause) {
        super(message, cause);
        this.status = status;
        this.serverMessage = serverMessage;
    }

    /** HTTP status code; {@code 0} for a connection failure or timeout. */
    public int status() {
        return status;
    }

    /** The {@code message} of the error envelope, or {@code null} when the body was empty or not an envelope. */
    public String serverMessage() {
        return serverMessage;
    }

    /**
     * {@code true} for 404, and for Convoy's 400s about an unknown ID: Convoy answers many of them with 400 and the
     * store's message ("event not found", "failed to find endpoint", "...: no rows in result set").
     */
    public boolean isNotFound() {
        if (status == 404) {
            return true;
        }
        if (status != 400 || serverMessage == null) {
            return false;
        }
        String message = serverMessage.toLowerCase(java.util.Locale.ROOT);
        return message.contains("not found") || message.contains("failed to find")
                || message.contains("no rows in result set");
    }

    /** {@code true} when the server was not reached or did not answer ({@code status() == 0}). */
    public boolean isConnectionFailure() {
        return status == 0;
    }
}
