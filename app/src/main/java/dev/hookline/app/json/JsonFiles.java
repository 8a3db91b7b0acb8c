package dev.hookline.app.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** The console's own files (settings, view states) written as JSON, whole or not at all. */
public final class JsonFiles {

    private JsonFiles() {
    }

    /**
     * Writes {@code value} as indented JSON to {@code file}: to a temporary file beside it first, which then replaces
     * the old one in one move, so a crash never leaves half a file.
     */
    public static void writeWhole(ObjectMapper mapper, Path file, Object value) throws IOException {
        Files.createDirectories(file.getParent());
        Path temporary = Files.createTempFile(file.getParent(), file.getFileName().toString(), ".tmp");
        try {
            mapper.writer().with(SerializationFeature.INDENT_OUTPUT).writeValue(temporary.toFile(), value);
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
