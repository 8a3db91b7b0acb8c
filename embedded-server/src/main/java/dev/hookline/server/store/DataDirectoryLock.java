package dev.hookline.server.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The one owner of a data directory: an OS lock on {@value #FILE_NAME} in it, held from before the database opens
 * until the server has stopped (docs/adr/0027). The OS drops the lock when the process ends however it ends (SIGKILL
 * included), so a lock file left behind never blocks a start. The file says who owns the directory
 * ({@code pid}, and once listening {@code address} and a {@code key} that reaches the owner for as long as it runs);
 * it is readable by its user only (0600), as the database beside it is everyone's data.
 *
 * <p>The lock covers one byte far past the file's text: on Windows a locked region cannot be read by other
 * processes, and the text must stay readable to the one being refused.
 */
public final class DataDirectoryLock implements AutoCloseable {

    public static final String FILE_NAME = "hookline.lock";
    private static final long LOCKED_BYTE = 1L << 40;

    /** Who owns a data directory, as its lock file says; {@code address} and {@code key} are null until it listens. */
    public record Owner(long pid, String address, String key) {

        /** "PID 1234, listening on http://127.0.0.1:5005" (never the key). */
        public String describe() {
            return "PID " + pid + (address == null ? ", still starting" : ", listening on " + address);
        }
    }

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryLock(Path file, FileChannel channel, FileLock lock) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
    }

    /**
     * Takes the data directory (created if missing) for this process.
     *
     * @throws DataDirectoryInUseException when another process (or another server in this one) holds it
     */
    public static DataDirectoryLock acquire(Path dataDir) throws IOException {
        Files.createDirectories(dataDir);
        Path file = dataDir.resolve(FILE_NAME);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock(LOCKED_BYTE, 1, false);
        } catch (OverlappingFileLockException e) {
            lock = null; // another server in this JVM holds it
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        if (lock == null) {
            channel.close();
            throw new DataDirectoryInUseException(dataDir, owner(dataDir).orElse(null));
        }
        DataDirectoryLock taken = new DataDirectoryLock(file, channel, lock);
        try {
            restrictToOwner(file);
            taken.write(ProcessHandle.current().pid(), null, null);
        } catch (IOException | RuntimeException e) {
            taken.close();
            throw e;
        }
        return taken;
    }

    /** What the lock file in {@code dataDir} says, if a live process holds the lock. Empty when no one owns it. */
    public static Optional<Owner> owner(Path dataDir) {
        Path file = dataDir.resolve(FILE_NAME);
        Map<String, String> fields = new LinkedHashMap<>();
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                int eq = line.indexOf('=');
                if (eq > 0) {
                    fields.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
                }
            }
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // unreadable (another user's directory): someone may still hold it; say so without details
            return Optional.of(new Owner(-1, null, null));
        }
        long pid;
        try {
            pid = Long.parseLong(fields.getOrDefault("pid", "-1"));
        } catch (NumberFormatException e) {
            pid = -1;
        }
        if (pid > 0 && ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) == Boolean.FALSE) {
            return Optional.empty(); // left behind by a process that is gone (the OS lock went with it)
        }
        return Optional.of(new Owner(pid, fields.get("address"), fields.get("key")));
    }

    /**
     * Records that the owner listens on {@code address}, reachable with {@code key} (a key valid only while this
     * process runs; null to leave it out).
     */
    public void listening(String address, String key) throws IOException {
        write(ProcessHandle.current().pid(), address, key);
    }

    private synchronized void write(long pid, String address, String key) throws IOException {
        StringBuilder text = new StringBuilder("# Hookline: this data directory is in use by the process below\n");
        text.append("pid=").append(pid).append('\n');
        if (address != null) {
            text.append("address=").append(address).append('\n');
        }
        if (key != null) {
            text.append("key=").append(key).append('\n');
        }
        channel.truncate(0);
        ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
        long position = 0;
        while (bytes.hasRemaining()) {
            position += channel.write(bytes, position);
        }
        channel.force(false);
    }

    /** Clears the file (no key outlives the run) and releases the lock. */
    @Override
    public synchronized void close() {
        try {
            if (channel.isOpen()) {
                channel.truncate(0);
            }
        } catch (IOException ignored) {
            // releasing matters more than the text; the OS lock goes with the channel
        }
        try {
            lock.release();
        } catch (IOException ignored) {
            // closing the channel below releases it too
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // nothing more to do
        }
    }

    public Path file() {
        return file;
    }

    private static void restrictToOwner(Path file) throws IOException {
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Set<PosixFilePermission> ownerOnly = PosixFilePermissions.fromString("rw-------");
            Files.setPosixFilePermissions(file, ownerOnly);
        }
        // elsewhere (Windows) the file inherits the ACL of the user's data directory
    }
}
