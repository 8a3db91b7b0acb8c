import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * Drops the native libraries of other systems from the packaged class path (run by packaging/pom.xml as
 * {@code java build/TrimNatives.java LIB_DIR} before the app image is made). Libraries such as sqlite-jdbc,
 * grpc-netty-shaded, zstd-jni, snappy-java and lz4-java carry a native library for every OS and CPU they support
 * (sqlite-jdbc alone 12 MB); an installer for Linux on x86-64 needs one of each. A native entry is dropped when its
 * path names another OS (mac, windows, freebsd, musl, android, ...) or only another CPU (aarch64, arm, i386, ppc64le,
 * ...); entries naming neither are kept, and so are signed jars (rewriting them would break their signature).
 *
 * <p>It also puts sqlite-jdbc's library for Linux x86-64 next to the jars ({@code LIB_DIR/native/}), where the
 * launcher's {@code -Dorg.sqlite.lib.path} (linux/app-image.args) points: sqlite-jdbc then loads it from there instead of
 * running {@code uname -o} (a process) to tell Android from Linux and copying the library out of its jar into the
 * temporary directory at every start (ADR 0035). Without it (another build platform) sqlite-jdbc does as before.
 *
 * <p>Only on Linux x86-64, the installer platform whose names are known here; elsewhere it leaves the jars alone and
 * says so. Usage: {@code java TrimNatives.java LIB_DIR}
 */
public final class TrimNatives {

    /** sqlite-jdbc's library for this platform inside its jar, and where the launcher tells it to look. */
    private static final String SQLITE_LIBRARY = "org/sqlite/native/Linux/x86_64/libsqlitejdbc.so";
    private static final String SQLITE_LIBRARY_DIR = "native";
    private static final Pattern NATIVE = Pattern.compile("\\.(so|dll|dylib|jnilib|a)$");
    private static final String SEP = "(^|[/_.-])";
    private static final String END = "([/_.-]|$)";
    private static final Pattern OTHER_OS = Pattern.compile(SEP + "(freebsd|openbsd|darwin|osx|mac|macos|windows|win|"
            + "win32|win64|aix|sunos|solaris|android|musl)" + END);
    private static final Pattern OWN_ARCH = Pattern.compile(SEP + "(x86_64|x86-64|amd64)" + END);
    private static final Pattern OTHER_ARCH = Pattern.compile(SEP + "(aarch64|aarch_64|arm|arm64|armv6|armv7|armhf|"
            + "i386|i686|x86|ppc|ppc64|ppc64le|s390x|riscv64|loongarch64|mips64|mips64el)" + END);

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("Usage: java TrimNatives.java LIB_DIR");
            System.exit(2);
        }
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        if (!os.contains("linux") || !(arch.equals("amd64") || arch.equals("x86_64"))) {
            System.out.println("[TrimNatives] building on " + os + "/" + arch + ": native libraries left as they are");
            return;
        }
        long before = 0;
        long after = 0;
        List<Path> jars;
        try (Stream<Path> files = Files.list(Path.of(args[0]))) {
            jars = files.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
        }
        for (Path jar : jars) {
            long size = Files.size(jar);
            before += size;
            int dropped = trim(jar);
            long trimmed = Files.size(jar);
            after += trimmed;
            if (dropped > 0) {
                System.out.printf("[TrimNatives] %s: %d native libraries of other systems dropped, %.1f -> %.1f MB%n",
                        jar.getFileName(), dropped, size / 1e6, trimmed / 1e6);
            }
        }
        System.out.printf("[TrimNatives] class path %.1f -> %.1f MB%n", before / 1e6, after / 1e6);
        for (Path jar : jars) {
            if (jar.getFileName().toString().startsWith("sqlite-jdbc-")) {
                unpackSqliteLibrary(jar, Path.of(args[0]).resolve(SQLITE_LIBRARY_DIR));
            }
        }
    }

    /** Copies sqlite-jdbc's Linux x86-64 library out of its jar into {@code directory} (as libsqlitejdbc.so). */
    private static void unpackSqliteLibrary(Path jar, Path directory) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            ZipEntry entry = zip.getEntry(SQLITE_LIBRARY);
            if (entry == null) {
                System.out.println("[TrimNatives] " + jar.getFileName() + " has no " + SQLITE_LIBRARY
                        + ": sqlite-jdbc unpacks its library itself at run time");
                return;
            }
            Files.createDirectories(directory);
            Path library = directory.resolve("libsqlitejdbc.so");
            try (InputStream in = zip.getInputStream(entry)) {
                Files.copy(in, library, StandardCopyOption.REPLACE_EXISTING);
            }
            System.out.printf("[TrimNatives] %s's library unpacked to %s (%.1f MB)%n", jar.getFileName(), library,
                    Files.size(library) / 1e6);
        }
    }

    /** Whether a jar entry is kept on Linux x86-64. */
    static boolean keep(String entryName) {
        String path = entryName.toLowerCase(Locale.ROOT);
        if (!NATIVE.matcher(path).find()) {
            return true;
        }
        if (OTHER_OS.matcher(path).find()) {
            return false;
        }
        return OWN_ARCH.matcher(path).find() || !OTHER_ARCH.matcher(path).find();
    }

    /** Rewrites {@code jar} without the entries {@link #keep} refuses; the number dropped. */
    private static int trim(Path jar) throws IOException {
        List<String> drop = new ArrayList<>();
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                String name = e.nextElement().getName();
                if (name.startsWith("META-INF/") && (name.endsWith(".SF") || name.endsWith(".RSA")
                        || name.endsWith(".DSA") || name.endsWith(".EC"))) {
                    return 0; // signed: leave it whole
                }
                if (!keep(name)) {
                    drop.add(name);
                }
            }
            if (drop.isEmpty()) {
                return 0;
            }
            Path out = jar.resolveSibling(jar.getFileName() + ".trimmed");
            try (OutputStream file = Files.newOutputStream(out); ZipOutputStream copy = new ZipOutputStream(file)) {
                for (Enumeration<? extends ZipEntry> e = zip.entries(); e.hasMoreElements(); ) {
                    ZipEntry entry = e.nextElement();
                    if (drop.contains(entry.getName())) {
                        continue;
                    }
                    ZipEntry written = new ZipEntry(entry.getName());
                    written.setTime(entry.getTime());
                    copy.putNextEntry(written);
                    try (InputStream in = zip.getInputStream(entry)) {
                        in.transferTo(copy);
                    }
                    copy.closeEntry();
                }
            }
            Files.move(out, jar, StandardCopyOption.REPLACE_EXISTING);
        }
        return drop.size();
    }
}
