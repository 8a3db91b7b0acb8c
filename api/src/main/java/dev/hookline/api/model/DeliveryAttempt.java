package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;
import java.util.Map;

/**
 * One HTTP attempt of an event delivery. {@code msg_id} is the delivery id; headers map a name to a single value;
 * {@code http_status} is text such as {@code "200 OK"}; {@code status} is {@code true} on success.
 * {@code requested_at}/{@code responded_at} are written only when known.
 *
 * <p>Two <b>Hookline extensions</b> (not in Convoy; Convoy clients ignore them): {@code request_body}, the body
 * actually sent (after transforms), written only when not empty; and {@code latency_ms}, the wall time of the
 * attempt in milliseconds, written only when known.
 */
@JsonPropertyOrder({"uid", "url", "method", "endpoint_id", "api_version", "project_id", "msg_id", "ip_address",
        "request_http_header", "response_http_header", "request_body", "http_status", "response_data", "error",
        "status", "requested_at", "responded_at", "latency_ms", "created_at", "updated_at", "deleted_at"})
public record DeliveryAttempt(String uid, String url, String method, String endpointId, String apiVersion,
                              String projectId, String msgId, String ipAddress,
                              Map<String, String> requestHttpHeader, Map<String, String> responseHttpHeader,
                              @JsonInclude(JsonInclude.Include.NON_EMPTY) String requestBody, String httpStatus,
                              String responseData, String error, Boolean status,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Instant requestedAt,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Instant respondedAt,
                              @JsonInclude(JsonInclude.Include.NON_NULL) Long latencyMs,
                              Instant createdAt, Instant updatedAt, Instant deletedAt) {
}
