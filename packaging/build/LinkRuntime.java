import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import java.util.stream.Stream;

/**
 * Links the packaged app's Java runtime (run by packaging/pom.xml as {@code java build/LinkRuntime.java ...}).
 *
 * <p>The modules are the reviewed list in {@code jlink-modules.txt} (what the libraries need at run time that no
 * static analysis sees: TLS, JNDI, SASL, extra charsets, ...) plus whatever {@code jdeps} finds the application's
 * jars use, so a new runtime dependency that needs another JDK module gets it without editing the list; the ones
 * jdeps adds are printed. JavaFX's modules come from the Maven JavaFX jars in {@code jfx-dir} (platform jars with
 * their native libraries), so the runtime holds JavaFX as named modules.
 *
 * <p>{@code COMPRESSION} is jlink's {@code --compress} ({@code zip-6} when left out): the app image's runtime is
 * compressed by jlink (smaller on disk), the one inside the native package not ({@code zip-0}), because the
 * package's own xz compresses an uncompressed runtime to two thirds of what it makes of a compressed one.
 *
 * <p>Usage: {@code java LinkRuntime.java MODULES_FILE JFX_DIR LIB_DIR OUTPUT_DIR RELEASE [COMPRESSION]}
 */
public final class LinkRuntime {

    private static final List<String> JLINK_OPTIONS = List.of("--strip-debug", "--no-header-files", "--no-man-pages",
            // the base class-data archive (lib/server/classes.jsa): every JVM of the runtime maps the JDK classes it
            // needs instead of loading and verifying them, some 0.1-0.3 s of CPU per start (ADR 0035)
            "--generate-cds-archive");

    public static void main(String[] args) throws Exception {
        if (args.length != 5 && args.length != 6) {
            System.err.println("Usage: java LinkRuntime.java MODULES_FILE JFX_DIR LIB_DIR OUTPUT_DIR RELEASE "
                    + "[COMPRESSION]");
            System.exit(2);
        }
        Path modulesFile = Path.of(args[0]);
        Path jfx = Path.of(args[1]);
        Path lib = Path.of(args[2]);
        Path output = Path.of(args[3]);
        String release = args[4];
        String compression = args.length == 6 ? args[5] : "zip-6";

        TreeSet<String> modules = new TreeSet<>(readList(modulesFile));
        TreeSet<String> found = jdeps(jfx, lib, release);
        TreeSet<String> added = new TreeSet<>(found);
        added.removeAll(modules);
        modules.addAll(found);
        System.out.println("[LinkRuntime] modules from " + modulesFile + ": " + readList(modulesFile).size()
                + "; jdeps found " + found + (added.isEmpty() ? "" : "; added by jdeps: " + added));

        deleteRecursively(output);
        List<String> jlink = new ArrayList<>(List.of("--module-path", jfx.toString(),
                "--add-modules", String.join(",", modules), "--output", output.toString()));
        jlink.addAll(JLINK_OPTIONS);
        jlink.addAll(List.of("--compress", compression));
        System.out.println("[LinkRuntime] jlink " + String.join(" ", jlink));
        int exit = run("jlink", jlink, new PrintWriter(System.out, true));
        if (exit != 0) {
            System.err.println("[LinkRuntime] jlink failed with exit code " + exit);
            System.exit(exit);
        }
        dropUncompressedOopsArchive(output);
        Files.writeString(output.resolveSibling("runtime-modules.txt"), String.join("\n", modules) + "\n");
    }

    /**
     * {@code --generate-cds-archive} writes two archives of 14 MB each: {@code classes.jsa} and
     * {@code classes_nocoops.jsa}, the one a JVM maps only when its heap is over 32 GB (no compressed object
     * pointers). The console never runs with such a heap; without it the image stays under its 150 MB target.
     */
    private static void dropUncompressedOopsArchive(Path runtime) throws IOException {
        Files.deleteIfExists(runtime.resolve("lib").resolve("server").resolve("classes_nocoops.jsa"));
    }

    /** Module names, one a line; {@code #} starts a comment. */
    private static List<String> readList(Path file) throws IOException {
        return Files.readAllLines(file).stream().map(line -> line.replaceFirst("#.*", "").strip())
                .filter(line -> !line.isEmpty()).toList();
    }

    /**
     * The JDK and JavaFX modules the jars in {@code lib} use, by {@code jdeps --print-module-deps}. If jdeps cannot
     * analyse them, says so and returns nothing: the reviewed list alone is then linked.
     */
    private static TreeSet<String> jdeps(Path jfx, Path lib, String release) throws IOException {
        List<String> jars;
        try (Stream<Path> files = Files.list(lib)) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).map(Path::toString).sorted().toList();
        }
        List<String> args = new ArrayList<>(List.of("--print-module-deps", "--ignore-missing-deps",
                "--multi-release", release,
                // modular jars (okhttp, okio, jackson...) resolve their requires from here; the rest is the class path
                "--module-path", jfx + java.io.File.pathSeparator + lib,
                "--class-path", lib.resolve("*").toString()));
        args.addAll(jars);
        StringWriter text = new StringWriter();
        int exit = run("jdeps", args, new PrintWriter(text, true));
        Optional<String> list = text.toString().lines().map(String::strip)
                .filter(line -> line.matches("[a-z][\\w.]*(,[a-z][\\w.]*)*")).reduce((first, second) -> second);
        if (exit != 0 || list.isEmpty()) {
            System.out.println("[LinkRuntime] WARNING: jdeps could not analyse the application's jars (exit " + exit
                    + "); linking the reviewed module list only. jdeps said:\n" + text);
            return new TreeSet<>();
        }
        return new TreeSet<>(List.of(list.get().split(",")));
    }

    private static int run(String tool, List<String> args, PrintWriter out) {
        ToolProvider provider = ToolProvider.findFirst(tool)
                .orElseThrow(() -> new IllegalStateException(tool + " is not in this JDK: build with a full JDK"));
        return provider.run(out, out, args.toArray(String[]::new));
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
