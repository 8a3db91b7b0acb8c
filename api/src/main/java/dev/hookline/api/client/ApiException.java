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

    /** {@code true} for 404, and for Convoy's 400s whose message says "not found" (unknown ids are often 400). */
    public boolean isNotFound() {
        return status == 404
                || (status == 400 && serverMessage != null && serverMessage.toLowerCase().contains("not found"));
    }

    /** {@code true} when the server was not reached or did not answer ({@code status() == 0}). */
    public boolean isConnectionFailure() {
        return status == 0;
    }
}
