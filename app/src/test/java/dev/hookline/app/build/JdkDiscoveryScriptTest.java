package dev.hookline.app.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JDK discovery that {@code ./mvnw} and {@code .ci/run} share ({@code .mvn/find-jdk.sh}): on a machine whose
 * JAVA_HOME and default java are older than 21, both README commands still find a JDK 21+ in the usual places.
 * Runs the real script in {@code sh} against fake JDK folders (a {@code release} file and two executables).
 */
@DisabledOnOs(OS.WINDOWS)
class JdkDiscoveryScriptTest {

    private static final Path SCRIPT = Path.of("..", ".mvn", "find-jdk.sh").toAbsolutePath().normalize();

    @TempDir
    Path home;

    @Test
    void aRecentJavaHomeIsKept() throws Exception {
        Path jdk = fakeJdk(home.resolve("jdk-21"), "21.0.4");

        assertEquals(jdk.toString(), run("hookline_use_jdk; echo \"$JAVA_HOME\"", Map.of("JAVA_HOME", jdk.toString())));
    }

    @Test
    void anOldJavaHomeGivesWayToTheNewestInstalledJdk() throws Exception {
        Path old = fakeJdk(home.resolve("jdk-17"), "17.0.15");
        Path newest = fakeJdk(home.resolve(".jdks").resolve("jdk-99"), "99.0.1");
        fakeJdk(home.resolve(".jdks").resolve("jdk-98"), "98");

        String found = run("hookline_use_jdk 2>/dev/null; echo \"$JAVA_HOME\"; command -v java",
                Map.of("JAVA_HOME", old.toString(), "HOME", home.toString()));

        assertEquals(newest + "\n" + newest.resolve("bin").resolve("java"), found);
    }

    @Test
    void theMajorVersionIsReadFromTheReleaseFile() throws Exception {
        assertEquals("17", run("hookline_java_major " + fakeJdk(home.resolve("a"), "17.0.15").resolve("bin/java"), Map.of()));
        assertEquals("8", run("hookline_java_major " + fakeJdk(home.resolve("b"), "1.8.0_392").resolve("bin/java"), Map.of()));
        assertEquals("25", run("hookline_java_major " + fakeJdk(home.resolve("c"), "25").resolve("bin/java"), Map.of()));
    }

    /** A folder that looks like a JDK to the script: release file, bin/java and bin/javac (that fail if run). */
    private static Path fakeJdk(Path dir, String version) throws IOException {
        Files.createDirectories(dir.resolve("bin"));
        Files.writeString(dir.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n");
        for (String tool : new String[] {"java", "javac"}) {
            Path file = dir.resolve("bin").resolve(tool);
            Files.writeString(file, "#!/bin/sh\nexit 1\n");
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        return dir;
    }

    /**
     * Sources the script in sh with a PATH that holds only the tools it uses (no java: the machine's own must not
     * be found), then runs {@code commands}; returns the trimmed output.
     */
    private String run(String commands, Map<String, String> env) throws Exception {
        assertTrue(Files.isReadable(SCRIPT), SCRIPT::toString);
        Path tools = Files.createDirectories(home.resolve("tools"));
        for (String tool : new String[] {"sed", "dirname", "readlink", "head"}) {
            Path link = tools.resolve(tool);
            if (Files.notExists(link)) {
                Files.createSymbolicLink(link, which(tool));
            }
        }
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", ". \"$1\"; " + commands, "sh", SCRIPT.toString());
        builder.environment().remove("JAVA_HOME");
        builder.environment().put("PATH", tools.toString());
        builder.environment().put("HOME", home.toString());
        builder.environment().putAll(env);
        builder.redirectErrorStream(false);
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(process.waitFor(20, TimeUnit.SECONDS));
        return out;
    }

    private static Path which(String tool) {
        for (String dir : System.getenv("PATH").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, tool);
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(tool + " is not on the PATH");
    }
}
