package dev.hookline.app.deliveries;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import dev.hookline.api.model.DeliveryAttempt;
import dev.hookline.api.model.EventDelivery;
import java.util.List;
import org.junit.jupiter.api.Test;

class AttemptInspectionTest {

    private static final ObjectMapper JSON = Json.lenient();

    static DeliveryAttempt attempt(String json) throws Exception {
        return JSON.readValue(json, DeliveryAttempt.class);
    }

    static EventDelivery delivery(String raw) throws Exception {
        return JSON.readValue("{\"uid\":\"D1\",\"status\":\"Failure\",\"metadata\":{\"raw\":" + JSON.writeValueAsString(raw)
                + "}}", EventDelivery.class);
    }

    @Test
    void showsWhatWasSentAndWhatCameBack() throws Exception {
        DeliveryAttempt attempt = attempt("""
                {"uid":"A1","url":"http://127.0.0.1:9/hook","method":"POST",
                 "request_http_header":{"X-Convoy-Signature":"t=1,v1=ab","Content-Type":"application/json"},
                 "response_http_header":{"Content-Type":"application/json"},
                 "request_body":"{\\"n\\":1}","http_status":"502 Bad Gateway",
                 "response_data":"{\\"error\\":\\"down\\"}","error":"","status":false,"latency_ms":87}""");

        AttemptInspection shown = AttemptInspection.of(attempt, delivery("{\"stored\":true}"));

        assertEquals(List.of("Content-Type", "X-Convoy-Signature"), List.copyOf(shown.requestHeaders().keySet()));
        assertEquals("{\n  \"n\" : 1\n}", shown.requestBody());
        assertFalse(shown.requestBodyAsStored());
        assertEquals("502 Bad Gateway", shown.responseStatus());
        assertEquals("{\n  \"error\" : \"down\"\n}", shown.responseBody());
        assertEquals("87 ms", shown.latency());
        assertFalse(shown.succeeded());
        assertTrue(shown.curl().endsWith("--data-raw '{\"n\":1}'"), shown.curl());
        assertTrue(shown.curl().contains("-H 'X-Convoy-Signature: t=1,v1=ab'"), shown.curl());
    }

    @Test
    void withoutTheSentBodyShowsTheStoredPayloadAndSaysSo() throws Exception {
        DeliveryAttempt attempt = attempt("""
                {"uid":"A1","url":"http://x/","request_http_header":{},"http_status":"","error":"connection refused",
                 "status":false,"requested_at":"2026-11-23T10:00:00Z","responded_at":"2026-11-23T10:00:01.5Z"}""");

        AttemptInspection shown = AttemptInspection.of(attempt, delivery("{\"stored\":true}"));

        assertTrue(shown.requestBodyAsStored());
        assertEquals("{\n  \"stored\" : true\n}", shown.requestBody());
        assertTrue(shown.curl().endsWith("--data-raw '{\"stored\":true}'"), shown.curl());
        assertEquals("—", shown.responseStatus());
        assertEquals("connection refused", shown.error());
        assertEquals("1.50 s", shown.latency());
        assertEquals("POST", shown.method());
    }
}
