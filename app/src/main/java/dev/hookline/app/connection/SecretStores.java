package dev.hookline.app.connection;

import java.nio.file.Path;

/** Picks where API keys go on this machine: the desktop keyring when there is one, else a private file. */
public final class SecretStores {

    private SecretStores() {
    }

    public static SecretStore forThisMachine(Path configDirectory) {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        if (!os.startsWith("windows") && !os.startsWith("mac")) {
            var keyring = SecretToolStore.detect(System.getenv("PATH"), System.getenv("DBUS_SESSION_BUS_ADDRESS"));
            if (keyring.isPresent()) {
                return keyring.get();
            }
        }
        return new FileSecretStore(configDirectory);
    }
}
