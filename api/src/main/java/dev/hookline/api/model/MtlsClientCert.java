package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** An endpoint's mTLS client certificate and key, PEM encoded (the key reads back as {@code [REDACTED]}). */
@JsonPropertyOrder({"client_cert", "client_key"})
public record MtlsClientCert(String clientCert, String clientKey) {
}
