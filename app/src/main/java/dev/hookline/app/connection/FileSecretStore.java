package dev.hookline.app.connection;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;

/**
 * API keys in {@code credentials.properties}, a file of their own next to (never inside) the profiles, readable
 * and writable by the user only (0600 where the file system has POSIX permissions). The fallback when the platform
 * has no credential store.
 */
public final class FileSecretStore implements SecretStore {

    public static final String FILE_NAME = "credentials.properties";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final Path file;

    public FileSecretStore(Path configDirectory) {
        this.file = configDirectory.resolve(FILE_NAME);
    }

    public Path file() {
        return file;
    }

    @Override
    public String description() {
        return "file " + file + " (readable by you only)";
    }

    @Override
    public synchronized void store(String profileId, String secret) throws IOException {
        Properties keys = read();
        keys.setProperty(profileId, secret);
        write(keys);
    }

    @Override
    public synchronized Optional<String> load(String profileId) throws IOException {
        return Optional.ofNullable(read().getProperty(profileId));
    }

    @Override
    public synchronized void delete(String profileId) throws IOException {
        Properties keys = read();
        if (keys.remove(profileId) != null) {
            write(keys);
        }
    }

    private Properties read() throws IOException {
        Properties keys = new Properties();
        if (Files.exists(file)) {
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                keys.load(in);
            }
        }
        return keys;
    }

    private void write(Properties keys) throws IOException {
        Files.createDirectories(file.getParent());
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        // created with owner-only permissions from the start: the key is never readable by others, not even briefly
        Path temporary = posix
                ? Files.createTempFile(file.getParent(), FILE_NAME, ".tmp", PosixFilePermissions.asFileAttribute(OWNER_ONLY))
                : Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
        try {
            try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                keys.store(out, "Hookline API keys by connection profile; keep this file private");
            }
            try {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
            }
            if (posix) {
                Files.setPosixFilePermissions(file, OWNER_ONLY);
            }
        } finally {
            Files.deleteIfExists(temporary);
        }
    }
}
