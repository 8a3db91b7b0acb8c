package dev.hookline.server.contract;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds Convoy's OpenAPI document (shared/contract/convoy-openapi3.json), which lives beside the repository and is
 * never copied into it: system property {@value #PROPERTY}, else environment variable {@value #ENV}, else the
 * first {@value #RELATIVE} found walking up from the working directory (the module directory under Maven).
 */
final class ConvoyOpenApi {

    static final String PROPERTY = "hookline.convoy.openapi";
    static final String ENV = "HOOKLINE_CONVOY_OPENAPI";
    static final String RELATIVE = "shared/contract/convoy-openapi3.json";

    /** Where the document is, or empty. */
    final Optional<Path> location;
    /** Every place looked at, for the skip message. */
    final List<String> lookedAt = new ArrayList<>();

    private ConvoyOpenApi(Optional<Path> location) {
        this.location = location;
    }

    static ConvoyOpenApi find() {
        ConvoyOpenApi found = new ConvoyOpenApi(Optional.empty());
        String property = System.getProperty(PROPERTY);
        if (property != null && !property.isBlank()) {
            found.lookedAt.add("system property " + PROPERTY + "=" + property);
            return Files.isRegularFile(Path.of(property)) ? found.at(Path.of(property)) : found;
        }
        String env = System.getenv(ENV);
        if (env != null && !env.isBlank()) {
            found.lookedAt.add("environment variable " + ENV + "=" + env);
            return Files.isRegularFile(Path.of(env)) ? found.at(Path.of(env)) : found;
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve(RELATIVE);
            found.lookedAt.add(candidate.toString());
            if (Files.isRegularFile(candidate)) {
                return found.at(candidate);
            }
        }
        return found;
    }

    private ConvoyOpenApi at(Path path) {
        ConvoyOpenApi located = new ConvoyOpenApi(Optional.of(path.toAbsolutePath().normalize()));
        located.lookedAt.addAll(lookedAt);
        return located;
    }

    /** Why the contract tests are skipped. */
    String notFoundMessage() {
        return "Convoy's OpenAPI document not found, so the Convoy contract tests are skipped. Set -D" + PROPERTY
                + "=<file> or " + ENV + "=<file>, or keep " + RELATIVE + " in a folder above the module. Looked at: "
                + String.join(", ", lookedAt);
    }
}
