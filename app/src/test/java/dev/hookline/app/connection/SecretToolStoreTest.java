package dev.hookline.app.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The keyring store against a stand-in {@code secret-tool} (a shell script keeping secrets in a directory, with
 * the real tool's arguments, standard input and exit codes): this machine has no desktop keyring.
 */
class SecretToolStoreTest {

    @TempDir
    Path temp;

    private Path fakeSecretTool() throws Exception {
        Path vault = Files.createDirectories(temp.resolve("vault"));
        Path log = temp.resolve("arguments.log");
        Path script = temp.resolve("bin").resolve("secret-tool");
        Files.createDirectories(script.getParent());
        Files.writeString(script, """
                #!/bin/sh
                echo "$@" >> '%s'
                command="$1"; shift
                [ "$command" = store ] && shift
                file='%s'/"$2-$4"
                case "$command" in
                  store) cat > "$file" ;;
                  lookup) [ -f "$file" ] || exit 1; cat "$file" ;;
                  clear) rm -f "$file" ;;
                esac
                """.formatted(log, vault));
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
        return script;
    }

    @Test
    void storesLooksUpAndClearsKeysWithTheKeyOnStandardInputOnly() throws Exception {
        Path tool = fakeSecretTool();
        SecretToolStore store = SecretToolStore.detect(tool.getParent().toString(), "unix:path=/run/bus").orElseThrow();

        store.store("p1", "CO.secret.value");

        assertEquals(Optional.of("CO.secret.value"), store.load("p1"));
        String arguments = Files.readString(temp.resolve("arguments.log"));
        assertTrue(arguments.contains("service hookline profile p1"), arguments);
        assertFalse(arguments.contains("CO.secret.value"), "the key never appears on a command line");

        store.delete("p1");
        assertEquals(Optional.empty(), store.load("p1"));
    }

    @Test
    void withoutASessionBusOrTheToolTheFileIsUsed() throws Exception {
        Path tool = fakeSecretTool();
        assertTrue(SecretToolStore.detect(tool.getParent().toString(), null).isEmpty());
        assertTrue(SecretToolStore.detect(temp.resolve("nothing-here").toString(), "unix:path=/run/bus").isEmpty());
    }
}
