package dev.hookline.app.connection;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * API keys in the desktop keyring through libsecret's {@code secret-tool} (GNOME Keyring, KWallet): attributes
 * {@code service=hookline profile=<id>}. The key goes to the tool on its standard input, never on a command line
 * (where other users could read it from the process list).
 */
public final class SecretToolStore implements SecretStore {

    private static final String SERVICE = "hookline";
    private static final long TIMEOUT_SECONDS = 10;

    private final String executable;

    public SecretToolStore(String executable) {
        this.executable = executable;
    }

    /** {@code secret-tool} from the PATH, if it is there and a session bus (where keyrings live) is up. */
    public static Optional<SecretToolStore> detect(String path, String sessionBus) {
        if (path == null || sessionBus == null || sessionBus.isBlank()) {
            return Optional.empty();
        }
        for (String directory : path.split(java.io.File.pathSeparator)) {
            if (directory.isBlank()) {
                continue;
            }
            Path candidate = Path.of(directory, "secret-tool");
            if (Files.isExecutable(candidate)) {
                return Optional.of(new SecretToolStore(candidate.toString()));
            }
        }
        return Optional.empty();
    }

    @Override
    public String description() {
        return "the desktop keyring (libsecret)";
    }

    @Override
    public void store(String profileId, String secret) throws IOException {
        Result result = run(secret, "store", "--label=Hookline API key (" + profileId + ")",
                "service", SERVICE, "profile", profileId);
        if (result.exitCode() != 0) {
            throw new IOException("The keyring refused to store the API key: " + result.error());
        }
    }

    @Override
    public Optional<String> load(String profileId) throws IOException {
        Result result = run(null, "lookup", "service", SERVICE, "profile", profileId);
        // lookup exits 1 with no output when there is no such secret
        if (result.exitCode() != 0 || result.output().isEmpty()) {
            if (!result.error().isBlank()) {
                throw new IOException("Cannot read the API key from the keyring: " + result.error());
            }
            return Optional.empty();
        }
        return Optional.of(result.output());
    }

    @Override
    public void delete(String profileId) throws IOException {
        Result result = run(null, "clear", "service", SERVICE, "profile", profileId);
        if (result.exitCode() != 0 && !result.error().isBlank()) {
            throw new IOException("Cannot remove the API key from the keyring: " + result.error());
        }
    }

    private record Result(int exitCode, String output, String error) {
    }

    private Result run(String input, String... arguments) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(executable);
        command.addAll(List.of(arguments));
        Process process = new ProcessBuilder(command).start();
        try (OutputStream stdin = process.getOutputStream()) {
            if (input != null) {
                stdin.write(input.getBytes(StandardCharsets.UTF_8));
            }
        }
        try {
            byte[] output = process.getInputStream().readAllBytes();
            byte[] error = process.getErrorStream().readAllBytes();
            if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("The keyring did not answer within " + TIMEOUT_SECONDS + " s");
            }
            return new Result(process.exitValue(), new String(output, StandardCharsets.UTF_8).strip(),
                    new String(error, StandardCharsets.UTF_8).strip());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("Interrupted while waiting for the keyring", e);
        }
    }
}
