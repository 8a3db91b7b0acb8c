package dev.hookline.app;

import dev.hookline.app.about.AppVersion;
import dev.hookline.app.server.EmbeddedServerSupervisor;
import dev.hookline.app.smoke.HeadlessToolkit;
import dev.hookline.app.smoke.SmokeCheck;
import dev.hookline.server.ServerMain;
import java.util.Arrays;
import java.util.List;
import javafx.application.Application;

/**
 * Entry point of the console, and of the packaged launcher ({@code bin/Hookline}):
 * <pre>
 * Hookline                      opens the console (it starts the embedded server)
 * Hookline --server [flags]     runs the delivery server headless, with the flags of hookline-server.jar
 *                               (--backup FILE among them: a copy of the database, then exit)
 * Hookline --smoke-test         checks the installed console end to end in a temporary directory; exit 0 when it works
 * Hookline --version            prints "Hookline &lt;version&gt;"
 * Hookline --help               prints this list
 * </pre>
 *
 * <p>The console runs on the class path, where the JavaFX launcher refuses a main class that itself extends
 * {@link Application}; this plain class hands over to {@link HooklineApp}. Only the console and the smoke test
 * start JavaFX.
 */
public final class HooklineLauncher {

    static final String USAGE = """
            Usage: Hookline [--server [server flags] | --smoke-test [--timeout SECONDS] [--headless] [--window-sizes]
                            | --version | --help]
              (no flag)     open the console; it starts the embedded server with its data in the user's data directory
              --server      run the delivery server headless (no window); flags as hookline-server.jar:
                            --host 127.0.0.1 --port 5005 --data-dir ./data --api-key CO.x.y (--server --help lists them);
                            --server [--data-dir DIR] --backup FILE copies the database and exits (without
                            --data-dir: the console's data directory)
              --smoke-test  start the console and its server in a temporary directory, deliver one event end to end,
                            exit 0 when it worked (1 with the reason otherwise); headless when there is no display;
                            --window-sizes also checks the main window and a dialog open at their size (needs a
                            window manager)
              --version     print the version and exit""";

    private HooklineLauncher() {
    }

    public static void main(String[] args) throws Exception {
        String first = args.length == 0 ? "" : args[0];
        List<String> rest = Arrays.asList(args).subList(Math.min(1, args.length), args.length);
        switch (first) {
            case "--version", "-version", "-V" -> System.out.println(AppVersion.line());
            case "--help", "-h" -> System.out.println(USAGE);
            case "--server" -> ServerMain.main(serverArguments(rest, DataDirectories.resolve()).toArray(String[]::new));
            case "--smoke-test" -> {
                int exitCode = SmokeCheck.main(rest, System.out, HooklineApp::new);
                System.out.flush();
                System.exit(exitCode);
            }
            default -> {
                String refusal = consoleRefusal(first, HeadlessToolkit.displayMissing(),
                        HeadlessToolkit.isMonocleSelected());
                if (refusal != null) {
                    System.err.println(refusal);
                    System.exit(first.startsWith("-") ? 2 : 1);
                }
                // the packaged console on Linux starts from an AOT cache its launcher chose (ADR 0035, 0037)
                StartupCache.checkInUse(System::getProperty);
                // the embedded server starts while JavaFX does (each takes most of a second on a cold start)
                EmbeddedServerSupervisor.headStart(DataDirectories.resolve());
                try {
                    Application.launch(HooklineApp.class, args);
                } finally {
                    EmbeddedServerSupervisor.abandonHeadStart();
                }
            }
        }
    }

    /**
     * The flags for the headless server: {@code --backup FILE} without {@code --data-dir} copies the database of the
     * console's own data directory (where the console keeps it), not {@code ./data}.
     */
    static List<String> serverArguments(List<String> flags, java.nio.file.Path consoleDataDirectory) {
        boolean backup = flags.stream().anyMatch(f -> f.equals("--backup") || f.startsWith("--backup="));
        boolean dataDir = flags.stream().anyMatch(f -> f.equals("--data-dir") || f.startsWith("--data-dir="));
        if (!backup || dataDir) {
            return flags;
        }
        List<String> withDirectory = new java.util.ArrayList<>(flags);
        withDirectory.add("--data-dir");
        withDirectory.add(consoleDataDirectory.toString());
        return withDirectory;
    }

    /**
     * Why the console cannot open, in words, or {@code null} when it can: an option it does not know (with the
     * usage), or no display to open a window on (instead of JavaFX's "Unable to open DISPLAY" stack trace).
     */
    static String consoleRefusal(String first, boolean displayMissing, boolean headlessToolkit) {
        if (first.startsWith("-")) {
            return "Hookline: unknown option " + first + "\n" + USAGE;
        }
        if (displayMissing && !headlessToolkit) {
            return "Hookline: there is no display to open the console on (DISPLAY and WAYLAND_DISPLAY are not set).\n"
                    + "Run it in a desktop session, or use `Hookline --server` for the headless delivery server "
                    + "(`Hookline --help` lists the flags).";
        }
        return null;
    }
}
