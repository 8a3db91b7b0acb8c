package dev.hookline.app.testing;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.hookline.app.concurrent.BackgroundTasks;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * One console view on screen (headless), connected to a {@link EmbeddedServerFixture} through a real
 * {@link ConsoleSession} with background threads: what the forms' UI tests drive with TestFX.
 */
public final class ViewHarness implements AutoCloseable {

    private final SettlingTasks tasks;
    private final Stage stage;
    private final ConsoleView view;

    private ViewHarness(SettlingTasks tasks, Stage stage, ConsoleView view) {
        this.tasks = tasks;
        this.stage = stage;
        this.view = view;
    }

    public static ViewHarness show(EmbeddedServerFixture server, Function<ConsoleSession, ConsoleView> factory)
            throws Exception {
        Stage stage = FxToolkit.registerPrimaryStage();
        SettlingTasks tasks = new SettlingTasks(new FxBackgroundTasks());
        ConsoleView view = onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            ConsoleSession session = server.session(tasks);
            ConsoleView created = factory.apply(session);
            StackPane root = new StackPane(created.node());
            root.setStyle("-fx-padding: 16; -fx-background-color: -color-bg-default;");
            stage.setScene(new Scene(root, 1280, 800));
            stage.show();
            created.onShown();
            return created;
        });
        // the view's first loads land before the test clicks: TestFX reads bounds off the FX thread, and a label whose
        // text changes meanwhile can fail its layout there (a NullPointerException in PrismTextLayout, seen in CI)
        tasks.awaitSettled(Duration.ofSeconds(5));
        WaitForAsyncUtils.waitForFxEvents();
        return new ViewHarness(tasks, stage, view);
    }

    /**
     * Background tasks that count work from its submission until its outcome ran on the FX thread, so a test can wait
     * for a view's loads to land.
     */
    static final class SettlingTasks implements BackgroundTasks {
        private final BackgroundTasks delegate;
        private final AtomicInteger pending = new AtomicInteger();

        SettlingTasks(BackgroundTasks delegate) {
            this.delegate = delegate;
        }

        @Override
        public <T> void run(Callable<T> work, Consumer<? super T> onSuccess,
                            Consumer<? super Throwable> onFailure) {
            pending.incrementAndGet();
            delegate.run(work, result -> {
                try {
                    onSuccess.accept(result);
                } finally {
                    pending.decrementAndGet();
                }
            }, failure -> {
                try {
                    onFailure.accept(failure);
                } finally {
                    pending.decrementAndGet();
                }
            });
        }

        /** Waits until no task is in flight, at most {@code limit} (a view that polls may never be idle for long). */
        void awaitSettled(Duration limit) throws InterruptedException {
            long deadline = System.nanoTime() + limit.toNanos();
            while (pending.get() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
        }

        @Override
        public void close() {
            delegate.close();
        }
    }

    public ConsoleView view() {
        return view;
    }

    public Stage stage() {
        return stage;
    }

    /** Waits (with a deadline) until {@code condition} holds, reading it on the FX thread. */
    public static void await(String what, BooleanSupplier condition) {
        try {
            WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> onFx(condition::getAsBoolean));
        } catch (TimeoutException e) {
            throw new AssertionError("timed out waiting until " + what, e);
        }
    }

    /** Scrolls the scroll pane around {@code node} so that the node is in view (forms are taller than the window). */
    public static void scrollTo(javafx.scene.Node node) throws Exception {
        onFx(() -> {
            javafx.scene.Node parent = node.getParent();
            while (parent != null && !(parent instanceof javafx.scene.control.ScrollPane)) {
                parent = parent.getParent();
            }
            if (parent instanceof javafx.scene.control.ScrollPane scroll) {
                javafx.scene.Node content = scroll.getContent();
                double y = content.sceneToLocal(node.localToScene(node.getBoundsInLocal())).getMinY();
                double range = content.getBoundsInLocal().getHeight() - scroll.getViewportBounds().getHeight();
                scroll.setVvalue(range <= 0 ? 0 : Math.min(1, Math.max(0, (y - 40) / range)));
            }
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Runs {@code work} on the FX thread and returns its result. */
    public static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(20, TimeUnit.SECONDS);
    }

    /** Saves the window as {@code target/screenshots/<name>.png}. */
    public void screenshot(String name) {
        WaitForAsyncUtils.waitForFxEvents();
        Screenshots.save(stage.getScene(), name);
    }

    /**
     * Saves the window as {@code <name>.png} and, in the dark theme, as {@code <name>-dark.png}; the light theme is
     * back afterwards.
     */
    public void screenshotLightAndDark(String name) throws Exception {
        screenshot(name);
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerDark().getUserAgentStylesheet());
            return null;
        });
        screenshot(name + "-dark");
        onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            return null;
        });
    }

    @Override
    public void close() throws Exception {
        tasks.close();
        FxToolkit.cleanupStages();
    }
}
