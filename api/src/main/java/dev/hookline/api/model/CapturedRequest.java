package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.annotation.JsonValue;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * One request a {@link CaptureBin} got. {@code seq} grows by one per request of the bin (ask for
 * {@code after=<last seq>} to get only newer ones). {@code body} is the body as UTF-8 text when it is valid UTF-8,
 * else null with {@code body_base64} set. {@code signature} checks the signature header against the secrets of the
 * project's endpoints whose URL is this bin's.
 */
@JsonPropertyOrder({"seq", "bin_id", "received_at", "method", "path", "query", "remote_address", "headers", "body",
        "body_base64", "body_size", "signature", "response_status"})
public record CapturedRequest(Long seq, String binId, Instant receivedAt, String method, String path, String query,
                             String remoteAddress, Map<String, List<String>> headers, String body, String bodyBase64,
                             Long bodySize, SignatureCheck signature, Integer responseStatus) {

    /** What the signature check found; the wire values are lower case. */
    public enum SignatureStatus {
        /** The header matches a signature made with one of an endpoint's active secrets. */
        VALID("valid"),
        /** The header is there but matches no active secret of any endpoint using this bin. */
        INVALID("invalid"),
        /** No signature header on the request. */
        UNSIGNED("unsigned"),
        /** No endpoint of the project uses this bin's URL, so there is no secret to check against. */
        NO_ENDPOINT("no_endpoint");

        private final String wire;

        SignatureStatus(String wire) {
            this.wire = wire;
        }

        /** The exact wire value. */
        @JsonValue
        public String wire() {
            return wire;
        }

        @Override
        public String toString() {
            return wire;
        }
    }

    /**
     * The check: {@code header} is the header name looked at, {@code endpoint_id} the endpoint whose secret matched
     * (or the first checked), {@code detail} says in words what was compared.
     */
    @JsonPropertyOrder({"status", "header", "endpoint_id", "detail"})
    public record SignatureCheck(SignatureStatus status, String header, String endpointId, String detail) {
    }
}
