package dev.hookline.server.http;

import dev.hookline.api.Json;
import dev.hookline.api.model.Envelope;
import java.nio.ByteBuffer;
import java.util.Locale;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's answer to what it refuses before a handler runs (a malformed request line, header, Content-Length or
 * chunk; an HTTP/0.9 request; a URI or headers over the limit), written as the same JSON envelope every route
 * answers instead of Jetty's HTML page. Jetty's reason is a fixed phrase of its parser (never input or a stack
 * trace), so it is passed on: it tells the client what to fix.
 */
final class EnvelopeErrorHandler extends ErrorHandler {

    private final int maxHeaderBytes;

    EnvelopeErrorHandler(int maxHeaderBytes) {
        this.maxHeaderBytes = maxHeaderBytes;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        int status = response.getStatus();
        Object reason = request.getAttribute(ERROR_MESSAGE);
        String message;
        if (status == HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505) {
            // the client's mistake (an HTTP/0.9 request line, an unknown version): a 4xx, as every client mistake is
            status = HttpStatus.BAD_REQUEST_400;
            message = "bad request: unsupported HTTP version (send HTTP/1.1 or HTTP/1.0)";
        } else {
            status = status < 400 ? 500 : status;
            message = message(status, reason == null ? null : reason.toString());
        }
        response.setStatus(status);
        byte[] body;
        try {
            body = Json.strict().writeValueAsBytes(Envelope.ErrorBody.of(message));
        } catch (Exception e) {
            body = "{\"status\":false,\"message\":\"bad request\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Request-ID", HttpApi.requestId());
        response.getHeaders().put("X-Convoy-Version", "2025-11-24");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
        return true;
    }

    private String message(int status, String reason) {
        return switch (status) {
            case HttpStatus.URI_TOO_LONG_414 -> "request URI too long (the request line and headers may take at most "
                    + maxHeaderBytes + " bytes)";
            case HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE_431 -> "request headers too large (the request line and "
                    + "headers may take at most " + maxHeaderBytes + " bytes)";
            case HttpStatus.PAYLOAD_TOO_LARGE_413 -> "request body too large";
            case HttpStatus.INTERNAL_SERVER_ERROR_500 -> "internal server error";
            default -> {
                String phrase = HttpStatus.getMessage(status).toLowerCase(Locale.ROOT);
                yield reason == null || reason.isBlank() || reason.equalsIgnoreCase(phrase) ? phrase
                        : phrase + ": " + reason.toLowerCase(Locale.ROOT);
            }
        };
    }
}
