package dev.hookline.app.smoke;

import com.sun.net.httpserver.HttpServer;
import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.CreateProjectRequest;
import dev.hookline.api.model.CreateSourceRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.Project;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.Source;
import dev.hookline.api.model.SourceType;
import dev.hookline.api.model.SubscriptionRequest;
import dev.hookline.api.model.Verifier;
import dev.hookline.api.model.VerifierType;
import dev.hookline.app.about.AppVersion;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.settings.ConfigDirectories;
import dev.hookline.app.settings.UserDirectory;
import dev.hookline.app.table.PagedTableView;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

/**
 * {@code Hookline --smoke-test}: proves that an installed console works end to end, in a throw-away data directory.
 *
 * <ol>
 *   <li>starts the real console (window, embedded server) with its data and settings in a temporary directory,</li>
 *   <li>starts a receiver (the JDK's HTTP server on a free loopback port),</li>
 *   <li>through the api module's {@link ApiClient} against the embedded server: creates an incoming project, an
 *       endpoint pointing at the receiver, an HTTP source and a subscription; switches the console to that
 *       project,</li>
 *   <li>posts one event to the source's {@code /ingest/{mask}} URL,</li>
 *   <li>waits for the receiver to get it and for the delivery to be in the deliveries table with status Success,</li>
 * </ol>
 * printing each phase with the time since the JVM started. Everything must happen before one deadline; the exit code
 * is 0 when it did, 1 with the reason otherwise. Without a display (Linux, no {@code DISPLAY}) the toolkit runs on
 * Monocle headless ({@link HeadlessToolkit}).
 */
public final class SmokeCheck {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(120);
    static final String USAGE = "Usage: Hookline --smoke-test [--timeout SECONDS] [--headless] [--window-sizes]";
    /** The main window must open at least this big on a 1440x900 screen (its scene asks for 1280x800). */
    static final double MIN_MAIN_WIDTH = 1000;
    static final double MIN_MAIN_HEIGHT = 640;
    /** A dialog must open at least this big (the About dialog's content asks for more). */
    static final double MIN_DIALOG_WIDTH = 360;
    static final double MIN_DIALOG_HEIGHT = 240;
    /** How long a window may take to reach its size once shown. */
    private static final Duration WINDOW_WAIT = Duration.ofSeconds(30);
    private static final Duration POLL = Duration.ofMillis(200);
    private static final Duration REFRESH_EVERY = Duration.ofSeconds(1);

    private final PrintStream out;
    private final long deadline;
    private final long checkStart = System.nanoTime();
    private boolean windowSizes;
    /** Makes the console to check (the launcher's: {@code HooklineApp::new}). */
    private final Supplier<? extends CheckedConsole> consoles;

    /** Thrown when a phase cannot complete; its message is the reason printed. */
    static final class SmokeFailure extends Exception {
        SmokeFailure(String message) {
            super(message);
        }

        SmokeFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    public SmokeCheck(PrintStream out, Duration timeout, Supplier<? extends CheckedConsole> consoles) {
        this.out = out;
        this.consoles = consoles;
        this.deadline = checkStart + timeout.toNanos();
    }

    /**
     * Also checks that the windows open at their size (a window manager must run): the main window, the main window
     * maximized, and the About dialog over it, which must not shrink the main window (issue 25).
     */
    public SmokeCheck checkingWindowSizes() {
        windowSizes = true;
        return this;
    }

    /**
     * The {@code --smoke-test} entry point: starts the toolkit (Monocle headless when there is no display), runs the
     * check in a new temporary directory, removes it, stops the toolkit. Returns the process exit code.
     */
    public static int main(List<String> args, PrintStream out, Supplier<? extends CheckedConsole> consoles) {
        Duration timeout = DEFAULT_TIMEOUT;
        boolean headless = false;
        boolean windowSizes = false;
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--headless" -> headless = true;
                case "--window-sizes" -> windowSizes = true;
                case "--timeout" -> {
                    if (i + 1 >= args.size()) {
                        return usage(out, "--timeout needs a number of seconds");
                    }
                    try {
                        timeout = Duration.ofSeconds(Long.parseLong(args.get(++i)));
                    } catch (NumberFormatException e) {
                        return usage(out, "--timeout must be a number of seconds, got " + args.get(i));
                    }
                }
                default -> {
                    return usage(out, "unknown option " + arg);
                }
            }
        }
        out.println("smoke: " + AppVersion.line() + ", Java " + System.getProperty("java.runtime.version")
                + " in " + System.getProperty("java.home"));
        if (headless || HeadlessToolkit.displayMissing()) {
            if (!HeadlessToolkit.monocleAvailable()) {
                out.println("smoke test FAILED: there is no display and the headless toolkit (Monocle) is not on the "
                        + "class path");
                return 1;
            }
            HeadlessToolkit.useMonocle();
            out.println("smoke: " + (headless ? "--headless" : "no display") + ": using the headless toolkit "
                    + "(Monocle, software rendering)");
        }
        Path work = null;
        try {
            work = Files.createTempDirectory("hookline-smoke-");
            startToolkit();
            Stage stage = onFx(Stage::new, Duration.ofSeconds(30));
            SmokeCheck check = new SmokeCheck(out, timeout, consoles);
            boolean passed = (windowSizes ? check.checkingWindowSizes() : check).run(stage, work);
            return passed ? 0 : 1;
        } catch (Exception | LinkageError e) {
            out.println("smoke test FAILED: could not start: " + describe(e));
            e.printStackTrace(out);
            return 1;
        } finally {
            Platform.exit();
            if (work != null) {
                deleteQuietly(work);
            }
        }
    }

    private static int usage(PrintStream out, String problem) {
        out.println("smoke test: " + problem);
        out.println(USAGE);
        return 2;
    }

    private static void startToolkit() throws InterruptedException, SmokeFailure {
        CountDownLatch started = new CountDownLatch(1);
        Platform.setImplicitExit(false);
        Platform.startup(started::countDown);
        if (!started.await(60, TimeUnit.SECONDS)) {
            throw new SmokeFailure("the JavaFX toolkit did not start within 60 s");
        }
    }

    /**
     * Runs the check with {@code stage} (the toolkit is running) and the console's data and settings under
     * {@code workDirectory}. Prints every phase and, last, {@code smoke test passed} or {@code smoke test FAILED:
     * reason}. Returns whether it passed. The console is stopped again before this returns.
     */
    public boolean run(Stage stage, Path workDirectory) {
        String previousData = System.getProperty(UserDirectory.DATA.property());
        String previousConfig = System.getProperty(ConfigDirectories.PROPERTY);
        Path data = workDirectory.resolve("data");
        System.setProperty(UserDirectory.DATA.property(), data.toString());
        System.setProperty(ConfigDirectories.PROPERTY, workDirectory.resolve("config").toString());
        // the server's HTTP server reads this once, when the first HttpServer of the JVM is made: the receiver's
        System.setProperty("sun.net.httpserver.nodelay", "true");
        AtomicReference<CheckedConsole> created = new AtomicReference<>();
        try (Receiver receiver = Receiver.start()) {
            phase("receiver listening at " + receiver.url("/hook") + "; data directory " + data);
            CheckedConsole app = startConsole(stage, created);
            phase("window shown");
            if (windowSizes) {
                checkWindowSizes(app, stage);
            }
            check(app, receiver);
            out.printf("smoke test passed in %d ms (%d ms after the JVM started)%n", elapsedMs(), sinceJvmStartMs());
            return true;
        } catch (SmokeFailure e) {
            out.println("smoke test FAILED: " + e.getMessage());
            return false;
        } catch (Exception | AssertionError | LinkageError e) {
            out.println("smoke test FAILED: " + describe(e));
            e.printStackTrace(out);
            return false;
        } finally {
            stopConsole(created, stage);
            restore(UserDirectory.DATA.property(), previousData);
            restore(ConfigDirectories.PROPERTY, previousConfig);
        }
    }

    private CheckedConsole startConsole(Stage stage, AtomicReference<CheckedConsole> created) throws SmokeFailure {
        return onFx(() -> {
            CheckedConsole console = consoles.get();
            created.set(console);
            console.init();
            console.start(stage);
            return console;
        }, "the console's window to open");
    }

    private void check(CheckedConsole app, Receiver receiver) throws Exception {
        ApiClient client = await("the console to connect to its embedded server", () -> app.session().client());
        String apiBase = client.baseUrl();
        phase("console connected to the embedded server at " + apiBase.replaceFirst("/api$", ""));

        Project project = client.createProject(new CreateProjectRequest("Smoke test", ProjectType.INCOMING, null,
                null)).project();
        ApiClient projectClient = client.withProject(project.uid());
        Endpoint endpoint = projectClient.createEndpoint(EndpointRequest.of(receiver.url("/hook"), "smoke-receiver"));
        Source source = projectClient.createSource(new CreateSourceRequest("smoke", SourceType.HTTP, null, null,
                new Verifier(VerifierType.NOOP, null, null, null), null, null, null, null));
        projectClient.createSubscription(new SubscriptionRequest("smoke-to-receiver", source.uid(), endpoint.uid(),
                null, null, null, null, null, null, null));
        phase("created an incoming project, an endpoint (the receiver), an HTTP source and a subscription");

        onFx(() -> {
            app.connections().selectProject(project);
            app.connections().refreshProjects();
            app.shell().selectedProperty().set(NavigationTarget.DELIVERIES);
            return null;
        }, "switching the console to the smoke-test project");
        await("the console to show the smoke-test project", () -> {
            ApiClient now = app.session().client();
            return now != null && project.uid().equals(now.projectId()) ? now : null;
        });

        String marker = "smoke-" + UUID.randomUUID();
        int status = post(source.url(), "{\"smoke\":\"" + marker + "\"}");
        if (status / 100 != 2) {
            throw new SmokeFailure("POST " + source.url() + " answered HTTP " + status + ", expected 2xx");
        }
        phase("ingested one event through " + URI.create(source.url()).getPath() + " (HTTP " + status + ")");

        await("the receiver to get the delivery", () -> receiver.find(marker).orElse(null));
        phase("the local receiver got the delivery");

        long[] lastRefresh = {System.nanoTime()};
        EventDelivery row = await("the delivery to appear in the deliveries table with status Success",
                () -> onFxNow(() -> deliveredRow(app, lastRefresh)));
        phase("the delivery is in the deliveries table: " + row.uid() + ", status " + row.status().wire());
    }

    /**
     * The main window opens at its size, keeps it when maximized and while the About dialog is open, and the dialog
     * opens at its own size: what a window manager showed 200x200 with JavaFX 21 (issue 25).
     */
    private void checkWindowSizes(CheckedConsole app, Stage stage) throws Exception {
        String main = await("the main window to open at least " + (int) MIN_MAIN_WIDTH + "x" + (int) MIN_MAIN_HEIGHT,
                () -> onFxNow(() -> atLeast(stage, MIN_MAIN_WIDTH, MIN_MAIN_HEIGHT)), () -> size(stage));
        phase("main window " + main);
        onFx(() -> {
            stage.setMaximized(true);
            return null;
        }, "maximizing the main window");
        double screenWidth = onFx(() -> javafx.stage.Screen.getPrimary().getVisualBounds().getWidth(),
                "the screen's size");
        String maximized = await("the maximized main window to fill the screen's width",
                () -> onFxNow(() -> atLeast(stage, screenWidth - 40, MIN_MAIN_HEIGHT)), () -> size(stage));
        phase("main window maximized " + maximized);
        Platform.runLater(() -> ((javafx.scene.control.Button) app.shell().getScene().lookup("#aboutButton")).fire());
        javafx.stage.Window dialog = await("the About dialog to open", () -> onFxNow(() -> javafx.stage.Window
                .getWindows().stream().filter(w -> w != stage && w.isShowing() && w instanceof Stage s
                        && "About Hookline".equals(s.getTitle())).findFirst().orElse(null)));
        String dialogSize = await("the About dialog to open at least " + (int) MIN_DIALOG_WIDTH + "x"
                        + (int) MIN_DIALOG_HEIGHT,
                () -> onFxNow(() -> atLeast(dialog, MIN_DIALOG_WIDTH, MIN_DIALOG_HEIGHT)), () -> size(dialog));
        phase("About dialog " + dialogSize);
        // a window manager answers the dialog's mapping after it is shown: give it time to (wrongly) shrink the owner
        Thread.sleep(1500);
        String after = onFx(() -> atLeast(stage, screenWidth - 40, MIN_MAIN_HEIGHT), "the main window's size");
        if (after == null) {
            throw new SmokeFailure("opening the About dialog shrank the maximized main window to "
                    + onFx(() -> size(stage), "the main window's size"));
        }
        phase("main window still " + after + " with the About dialog open");
        onFx(() -> {
            dialog.hide();
            stage.setMaximized(false);
            return null;
        }, "closing the About dialog");
    }

    /** {@code window}'s size as {@code WxH} when it is at least {@code width} x {@code height}, else null. */
    private static String atLeast(javafx.stage.Window window, double width, double height) {
        return window.getWidth() >= width && window.getHeight() >= height ? size(window) : null;
    }

    private static String size(javafx.stage.Window window) {
        return (int) window.getWidth() + "x" + (int) window.getHeight();
    }

    /** On the FX thread: the Success row of the deliveries table, refreshing the table now and then until it is. */
    private static EventDelivery deliveredRow(CheckedConsole app, long[] lastRefresh) {
        if (!(app.shell().getScene().lookup("#deliveriesTable") instanceof PagedTableView<?> view)) {
            return null;
        }
        TableView<?> table = view.table();
        Optional<EventDelivery> success = table.getItems().stream()
                .filter(EventDelivery.class::isInstance).map(EventDelivery.class::cast)
                .filter(delivery -> delivery.status() == EventDeliveryStatus.SUCCESS).findFirst();
        if (success.isEmpty() && System.nanoTime() - lastRefresh[0] > REFRESH_EVERY.toNanos()) {
            lastRefresh[0] = System.nanoTime();
            view.model().refresh();
        }
        return success.orElse(null);
    }

    /**
     * Stops the console if it was created, even half-started or still starting: the FX thread runs this after the
     * start (its queue is in order), so a start that outlived the deadline is stopped too.
     */
    private void stopConsole(AtomicReference<CheckedConsole> created, Stage stage) {
        try {
            onFx(() -> {
                CheckedConsole app = created.get();
                if (app != null) {
                    app.stop();
                }
                stage.hide();
                return null;
            }, Duration.ofSeconds(60));
        } catch (Exception e) {
            out.println("smoke: could not stop the console cleanly: " + describe(e));
        }
    }

    private int post(String url, String json) throws SmokeFailure {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).timeout(remaining())
                            .header("Content-Type", "application/json")
                            .POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            throw new SmokeFailure("cannot POST to " + url + ": " + describe(e), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SmokeFailure("interrupted while posting to " + url, e);
        }
    }

    /** Polls {@code value} until it is non-null; on timeout the failure says what {@code state} was last. */
    private <T> T await(String what, Callable<T> value, Callable<String> state) throws Exception {
        try {
            return await(what, value, Math.min(deadline, System.nanoTime() + WINDOW_WAIT.toNanos()));
        } catch (SmokeFailure e) {
            String last;
            try {
                last = onFx(state, Duration.ofSeconds(5));
            } catch (Exception unknown) {
                last = "unknown";
            }
            throw new SmokeFailure(e.getMessage() + " (it is " + last + ")");
        }
    }

    /** Polls {@code value} (off the FX thread) until it is non-null or the deadline passes. */
    private <T> T await(String what, Callable<T> value) throws Exception {
        return await(what, value, deadline);
    }

    private <T> T await(String what, Callable<T> value, long until) throws Exception {
        Exception last = null;
        while (true) {
            try {
                T result = value.call();
                if (result != null) {
                    return result;
                }
            } catch (SmokeFailure e) {
                throw e;
            } catch (Exception e) {
                last = e;
            }
            if (System.nanoTime() > until) {
                throw new SmokeFailure("timed out after " + elapsedMs() + " ms waiting for " + what
                        + (last == null ? "" : " (last error: " + describe(last) + ")"));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    private <T> T onFx(Callable<T> action, String what) throws SmokeFailure {
        try {
            return onFx(action, remaining());
        } catch (TimeoutException e) {
            throw new SmokeFailure("timed out after " + elapsedMs() + " ms waiting for " + what);
        } catch (ExecutionException e) {
            throw new SmokeFailure(what + " failed: " + describe(e.getCause()), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SmokeFailure("interrupted while waiting for " + what, e);
        }
    }

    private <T> T onFxNow(Callable<T> action) throws Exception {
        return onFx(action, remaining());
    }

    private static <T> T onFx(Callable<T> action, Duration timeout)
            throws InterruptedException, ExecutionException, TimeoutException {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(action.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(Math.max(1, timeout.toMillis()), TimeUnit.MILLISECONDS);
    }

    private Duration remaining() {
        return Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
    }

    private void phase(String what) {
        out.printf("smoke: %6d ms after JVM start, %6d ms into the check: %s%n", sinceJvmStartMs(), elapsedMs(), what);
        out.flush();
    }

    private long elapsedMs() {
        return (System.nanoTime() - checkStart) / 1_000_000;
    }

    private static long sinceJvmStartMs() {
        return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    }

    static String describe(Throwable failure) {
        Throwable cause = failure;
        while ((cause instanceof ExecutionException || cause instanceof java.util.concurrent.CompletionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        String message = cause.getMessage();
        return cause.getClass().getSimpleName() + (message == null || message.isBlank() ? "" : ": "
                + message.strip().lines().findFirst().orElse(""));
    }

    private static void restore(String property, String previous) {
        if (previous == null) {
            System.clearProperty(property);
        } else {
            System.setProperty(property, previous);
        }
    }

    private static void deleteQuietly(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException ignored) {
                    // best effort: it is a temporary directory
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }

    /** The webhook receiver: the JDK's HTTP server on a free loopback port, answering 200 and keeping the bodies. */
    static final class Receiver implements AutoCloseable {

        private final HttpServer server;
        private final List<String> bodies = new CopyOnWriteArrayList<>();

        private Receiver(HttpServer server) {
            this.server = server;
        }

        static Receiver start() throws IOException {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            Receiver receiver = new Receiver(server);
            server.createContext("/", exchange -> {
                receiver.bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                byte[] answer = "{\"received\":true}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, answer.length);
                try (OutputStream body = exchange.getResponseBody()) {
                    body.write(answer);
                }
            });
            server.start();
            return receiver;
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + path;
        }

        Optional<String> find(String marker) {
            return bodies.stream().filter(body -> body.contains(marker)).findFirst();
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }
}
