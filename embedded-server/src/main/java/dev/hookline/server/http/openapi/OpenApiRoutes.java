package dev.hookline.server.http.openapi;

import dev.hookline.server.http.Exchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;

/** Serves Hookline's own OpenAPI document (kept in the repository's {@code resources/openapi/}). */
public final class OpenApiRoutes {

    /** Classpath location of the document. */
    public static final String DOCUMENT = "/openapi/hookline-openapi.yaml";

    private final byte[] document;

    public OpenApiRoutes() {
        try (InputStream in = Objects.requireNonNull(OpenApiRoutes.class.getResourceAsStream(DOCUMENT),
                "OpenAPI document missing from the classpath: " + DOCUMENT)) {
            document = in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void serve(Exchange ex) throws IOException {
        ex.send(200, "application/yaml", document);
    }
}
