package dev.hookline.bench.console;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.app.deliveries.DeliveriesView;
import dev.hookline.app.shell.ConsoleSession;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.LoadState;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.table.PagedTableView;
import dev.hookline.bench.DataSet;
import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * The real Deliveries view over a seeded data set, through the embedded server as the console runs it: each
 * filter change is timed from the change on the FX thread until the first frame laid out after the new rows
 * arrived (request, server query, JSON, table update and layout).
 */
final class FilterRepaint {

    static final double TARGET_P95_MS = 150;

    record Result(List<String> filters, double[] millis, double[] loadedMillis) {
        String report() {
            double[] sorted = millis.clone();
            java.util.Arrays.sort(sorted);
            double p50 = percentile(sorted, 50);
            double p95 = percentile(sorted, 95);
            double[] loaded = loadedMillis.clone();
            java.util.Arrays.sort(loaded);
            return String.format(Locale.ROOT, "%nFilter change to repaint, Deliveries view, %d changes over %d "
                            + "filters: p50 %.0f ms, p95 %.0f ms, max %.0f ms (target p95 <= %.0f ms: %s); "
                            + "of which rows loaded (request, query, JSON) p50 %.0f ms, p95 %.0f ms%n",
                    millis.length, filters.size(), p50, p95, sorted[sorted.length - 1], TARGET_P95_MS,
                    p95 <= TARGET_P95_MS ? "met" : "MISSED", percentile(loaded, 50), percentile(loaded, 95))
                    + perFilter();
        }

        /** Median of each filter: which ones cost what. */
        private String perFilter() {
            StringBuilder s = new StringBuilder("\n| filter | rows loaded p50 ms | repainted p50 ms |\n|---|---:|---:|\n");
            for (int f = 0; f < filters.size(); f++) {
                List<Double> load = new ArrayList<>();
                List<Double> paint = new ArrayList<>();
                for (int i = f; i < millis.length; i += filters.size()) {
                    load.add(loadedMillis[i]);
                    paint.add(millis[i]);
                }
                if (!load.isEmpty()) {
                    s.append(String.format(Locale.ROOT, "| `%s` | %.0f | %.0f |%n", filters.get(f), median(load),
                            median(paint)));
                }
            }
            return s.toString();
        }

        private static double median(List<Double> values) {
            List<Double> sorted = values.stream().sorted().toList();
            return sorted.get(sorted.size() / 2);
        }

        private static double percentile(double[] sorted, int p) {
            int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
        }
    }

    private final Path dataDir;
    private final int warmup;
    private final int changes;
    private final boolean display;

    FilterRepaint(Path dataDir, int warmup, int changes, boolean display) {
        this.dataDir = dataDir;
        this.warmup = warmup;
        this.changes = changes;
        this.display = display;
    }

    Result run(PrintStream out) throws Exception {
        DataSet data = DataSet.readFrom(dataDir);
        if (!display) {
            System.setProperty("glass.platform", "Monocle");
            System.setProperty("monocle.platform", "Headless");
            System.setProperty("prism.order", "sw");
            System.setProperty("prism.text", "t2k");
        }
        List<Map<String, String>> filters = List.of(
                Map.of("status", "Failure"), Map.of("status", "Success"), Map.of("status", "Retry"),
                Map.of("endpointId", data.busyEndpoint()), Map.of("endpointId", data.quietEndpoint()),
                Map.of("endpointId", data.busyEndpoint(), "status", "Failure"),
                Map.of("eventType", data.commonEventType()), Map.of("eventType", data.rareEventType()),
                Map.of("subscriptionId", data.busySubscription()), Map.of());
        try (EmbeddedServer server = EmbeddedServer.start(ServerConfig.embedded(dataDir));
             ApiClient client = new ApiClient(server.baseUrl() + "/api", server.apiKey())) {
            out.printf(Locale.ROOT, "%nDeliveries view over %,d deliveries in %s%n", data.deliveries(), dataDir);
            CountDownLatch started = new CountDownLatch(1);
            Platform.startup(started::countDown);
            started.await();
            FxBackgroundTasks tasks = new FxBackgroundTasks();
            PagedListModel<?>[] model = new PagedListModel<?>[1];
            DeliveriesView[] view = new DeliveriesView[1];
            onFx(() -> {
                Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
                ConsoleSession session = ConsoleSession.connected(client.withProject(data.projectId()), true, tasks);
                view[0] = new DeliveriesView(session);
                Stage stage = new Stage();
                stage.setScene(new Scene(new javafx.scene.layout.StackPane(view[0].node()), 1280, 800));
                stage.show();
                PagedTableView<?> table = (PagedTableView<?>) view[0].node().lookup(".paged-table");
                model[0] = table.model();
                // the whole seeded window, not "the last 24 hours" of a data set seeded earlier
                model[0].dateRangeProperty().set(DateRange.custom(data.start(), data.end()));
                view[0].onShown();
                return null;
            });
            Scene scene = onFx(() -> view[0].node().getScene());
            double[] millis = new double[changes];
            double[] loadedMillis = new double[changes];
            for (int i = -warmup; i < changes; i++) {
                Map<String, String> filter = filters.get(Math.floorMod(i, filters.size()));
                double[] ms = timeChange(scene, model[0], () -> view[0].applyFilter(filter));
                if (i >= 0) {
                    millis[i] = ms[1];
                    loadedMillis[i] = ms[0];
                }
            }
            onFx(() -> {
                scene.getWindow().hide();
                return null;
            });
            tasks.close();
            return new Result(filters.stream().map(Map::toString).toList(), millis, loadedMillis);
        }
    }

    /**
     * Milliseconds from {@code change} until the model has its new rows, and until the first laid-out pulse after
     * that.
     */
    private static double[] timeChange(Scene scene, PagedListModel<?> model, Runnable change) throws Exception {
        CompletableFuture<double[]> done = new CompletableFuture<>();
        onFx(() -> {
            long start = System.nanoTime();
            ChangeListener<LoadState> loaded = new ChangeListener<>() {
                @Override
                public void changed(javafx.beans.value.ObservableValue<? extends LoadState> o, LoadState was,
                                    LoadState now) {
                    if (now == LoadState.LOADED || now == LoadState.FAILED) {
                        model.stateProperty().removeListener(this);
                        if (now == LoadState.FAILED) {
                            done.completeExceptionally(new IllegalStateException(model.errorProperty().get()));
                            return;
                        }
                        double loadedMs = (System.nanoTime() - start) / 1e6;
                        Runnable[] once = new Runnable[1];
                        once[0] = () -> {
                            scene.removePostLayoutPulseListener(once[0]);
                            done.complete(new double[] {loadedMs, (System.nanoTime() - start) / 1e6});
                        };
                        scene.addPostLayoutPulseListener(once[0]);
                        Platform.requestNextPulse();
                    }
                }
            };
            model.stateProperty().addListener(loaded);
            change.run();
            return null;
        });
        return done.get(30, TimeUnit.SECONDS);
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> work) throws Exception {
        CompletableFuture<T> result = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                result.complete(work.call());
            } catch (Throwable e) {
                result.completeExceptionally(e);
            }
        });
        return result.get(60, TimeUnit.SECONDS);
    }
}
