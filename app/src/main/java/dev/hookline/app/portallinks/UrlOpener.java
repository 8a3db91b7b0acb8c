package dev.hookline.app.portallinks;

import java.awt.Desktop;
import java.net.URI;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.application.Platform;

/**
 * Opens a portal link's URL in the system browser. The browser is started off the FX thread (a virtual thread):
 * {@code Desktop.browse} and {@code xdg-open} can take seconds, and the console must not freeze meanwhile. Only
 * {@code http} and {@code https} URLs are opened. A failure is reported on the FX thread in words (the user can
 * still copy the URL).
 */
public final class UrlOpener {

    /** What actually starts a browser; tests pass one that records the URI. */
    @FunctionalInterface
    public interface Browser {
        void browse(URI uri) throws Exception;
    }

    private final Browser browser;
    private final Executor executor;

    public UrlOpener(Browser browser, Executor executor) {
        this.browser = browser;
        this.executor = executor;
    }

    /** The desktop's browser: {@code java.awt.Desktop} where it can browse, else {@code xdg-open} / {@code open}. */
    public static UrlOpener system() {
        return new UrlOpener(UrlOpener::browseWithDesktop, task -> Thread.ofVirtual().name("open-url").start(task));
    }

    /** Opens {@code url}; {@code onFailure} gets a message (on the FX thread) when it cannot. */
    public void open(String url, Consumer<String> onFailure) {
        URI uri;
        try {
            uri = URI.create(url == null ? "" : url.strip());
        } catch (IllegalArgumentException e) {
            onFailure.accept("Not a URL: " + url);
            return;
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https")) {
            onFailure.accept("Only http and https URLs open in the browser.");
            return;
        }
        executor.execute(() -> {
            try {
                browser.browse(uri);
            } catch (Exception e) {
                String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                Platform.runLater(() -> onFailure.accept("Could not open a browser (" + why + "); copy the URL "
                        + "instead."));
            }
        });
    }

    private static void browseWithDesktop(URI uri) throws Exception {
        if (Desktop.isDesktopSupported() && Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
            Desktop.getDesktop().browse(uri);
            return;
        }
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String command = os.contains("mac") ? "open" : "xdg-open";
        Process process = new ProcessBuilder(command, uri.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException(command + " exited with " + process.exitValue());
        }
    }
}
