package dev.hookline.app.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSecretStoreTest {

    @TempDir
    Path config;

    @Test
    void keysAreKeptInAFileOnlyTheUserCanRead() throws Exception {
        FileSecretStore store = new FileSecretStore(config.resolve("nested"));

        store.store("p1", "CO.key.one");
        store.store("p2", "CO.key.two");

        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(store.file())));
        assertEquals(Optional.of("CO.key.one"), store.load("p1"));
        assertEquals(Optional.of("CO.key.two"), new FileSecretStore(config.resolve("nested")).load("p2"));
        try (var files = Files.list(config.resolve("nested"))) {
            assertEquals(1, files.count(), "no temporary file left behind");
        }
    }

    @Test
    void deletingAKeyLeavesTheOthers() throws Exception {
        FileSecretStore store = new FileSecretStore(config);
        store.store("p1", "a");
        store.store("p2", "b");

        store.delete("p1");

        assertEquals(Optional.empty(), store.load("p1"));
        assertEquals(Optional.of("b"), store.load("p2"));
        assertTrue(store.description().contains(FileSecretStore.FILE_NAME));
    }
}
