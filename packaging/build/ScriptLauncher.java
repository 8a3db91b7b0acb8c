import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Puts the Linux launcher script ({@code linux/launcher.sh}) in place of the native launcher jpackage made, in each
 * given app image that exists ({@code IMAGE/bin/Hookline}); run by packaging/pom.xml after the images are made and
 * before the .deb is made from one (ADR 0037). The script reads the image's {@code lib/app/Hookline.cfg}, which
 * jpackage wrote and which stays the one place for the JVM options.
 *
 * <p>Only for the Linux images: {@code PLATFORM} is packaging/pom.xml's {@code installer.platform}; on macOS and
 * Windows it says so and leaves the images alone. Usage: {@code java ScriptLauncher.java PLATFORM SCRIPT IMAGE...}
 */
public final class ScriptLauncher {

    private ScriptLauncher() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 3) {
            throw new IllegalArgumentException("usage: java ScriptLauncher.java PLATFORM SCRIPT IMAGE...");
        }
        if (!"linux".equals(args[0])) {
            System.out.println("[ScriptLauncher] " + args[0] + ": the native launcher stays");
            return;
        }
        Path script = Path.of(args[1]);
        for (int i = 2; i < args.length; i++) {
            Path image = Path.of(args[i]);
            Path launcher = image.resolve("bin").resolve(image.getFileName().toString());
            if (!Files.isRegularFile(launcher)) {
                System.out.println("[ScriptLauncher] no image at " + image + " (skipped)");
                continue;
            }
            Files.copy(script, launcher, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
            System.out.println("[ScriptLauncher] " + launcher + " is " + script);
        }
    }
}
