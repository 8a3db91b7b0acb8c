package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * Convoy's response envelope: {@code {"status":true,"message":"...","data":...}}. Error bodies carry no
 * {@code data} key at all; the server writes them with {@link ErrorBody}.
 */
@JsonPropertyOrder({"status", "message", "data"})
public record Envelope<T>(boolean status, String message, T data) {

    public static <T> Envelope<T> ok(String message, T data) {
        return new Envelope<>(true, message, data);
    }

    /** The error shape, without a {@code data} key. */
    @JsonPropertyOrder({"status", "message"})
    public record ErrorBody(boolean status, String message) {
        public static ErrorBody of(String message) {
            return new ErrorBody(false, message);
        }
    }
}
