package dev.hookline.bench.console;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ApiClient;
import dev.hookline.app.concurrent.FxBackgroundTasks;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.deliveries.DeliveriesView;
import dev.hookline.app.table.DateRange;
import dev.hookline.app.table.LoadState;
import dev.hookline.app.table.PagedListModel;
import dev.hookline.app.table.PagedTableView;
import dev.hookline.bench.DataSet;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.auth.Keys;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
 * The real Deliveries view over a seeded data set, through the server over HTTP as the console runs it: each
 * filter change is timed from the change on the FX thread until the first frame laid out after the new rows
 * arrived (request, server query, JSON, table update, CSS and layout).
 *
 * <p>Every change alters one thing, from and back to the base state "no filter, last 30 days" (the whole seeded
 * month): a status, an endpoint, an event type (each followed by Clear), or the date preset (last hour, 24 hours,
 * 7 days, then back to 30 days). The server runs without its dispatcher, so nothing is sent and the data set stays
 * as seeded for the next run.
 */
final class FilterRepaint {

    static final double TARGET_P95_MS = 150;

    /** One change: its kind, and the filters and date preset the view has after it. */
    private record Change(String kind, Map<String, String> filter, DateRange.Preset preset) {
    }

    /**
     * Times and row counts of one kind of change: {@code millis} to the repaint, {@code loadedMillis} to the rows
     * being in the model (request, server query, JSON, on the FX thread); the difference is table update, CSS and
     * layout.
     */
    record Kind(String name, List<Double> millis, List<Double> loadedMillis, List<Integer> rows) {
    }

    /** {@code cpuMsPerChange}: CPU time of this JVM (server, client, FX) over the timed changes, per change. */
    record Result(List<Kind> kinds, double cpuMsPerChange, double loadBefore, double loadAfter) {
        String report() {
            StringBuilder s = new StringBuilder("| filter change | changes | rows on screen | p50 ms | p95 ms | max ms "
                    + "| of which rows loaded p50 / p95 ms | p95 <= " + (int) TARGET_P95_MS + " ms |\n"
                    + "|---|---:|---:|---:|---:|---:|---:|:---:|\n");
            List<Double> all = new ArrayList<>();
            List<Double> allLoaded = new ArrayList<>();
            for (Kind kind : kinds) {
                all.addAll(kind.millis());
                allLoaded.addAll(kind.loadedMillis());
                s.append(row(kind.name(), kind.millis(), kind.loadedMillis(), rowRange(kind.rows())));
            }
            s.append(row("all changes", all, allLoaded, ""));
            s.append(String.format(Locale.ROOT, "%nCPU time per change (server, HTTP client and FX thread, one JVM): "
                    + "%.1f ms. Load average (1 min) before / after the timed changes: %.1f / %.1f.%n", cpuMsPerChange,
                    loadBefore, loadAfter));
            return s.toString();
        }

        private static String row(String name, List<Double> millis, List<Double> loadedMillis, String rows) {
            double[] sorted = millis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double[] loaded = loadedMillis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
            double p95 = percentile(sorted, 95);
            return String.format(Locale.ROOT, "| %s | %d | %s | %.0f | %.0f | %.0f | %.0f / %.0f | %s |%n", name,
                    sorted.length, rows, percentile(sorted, 50), p95, sorted[sorted.length - 1],
                    percentile(loaded, 50), percentile(loaded, 95), p95 <= TARGET_P95_MS ? "yes" : "NO");
        }

        private static String rowRange(List<Integer> rows) {
            int min = rows.stream().mapToInt(Integer::intValue).min().orElse(0);
            int max = rows.stream().mapToInt(Integer::intValue).max().orElse(0);
            return min == max ? Integer.toString(min) : min + "-" + max;
        }

        /** Nearest rank, as the list benchmark's {@code Latencies}. */
        private static double percentile(double[] sorted, int p) {
            int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
            return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
        }
    }

    private final Path dataDir;
    private final int warmup;
    private final int rounds;
    private final boolean display;

    /** {@code rounds}: how many times each change is timed, after {@code warmup} untimed rounds. */
    FilterRepaint(Path dataDir, int warmup, int rounds, boolean display) {
        this.dataDir = dataDir;
        this.warmup = warmup;
        this.rounds = rounds;
        this.display = display;
    }

    /** One round: every kind once or more, each change different from the state before it. */
    private static List<Change> round(DataSet data, int i) {
        Map<String, String> none = Map.of();
        DateRange.Preset base = DateRange.Preset.LAST_30_DAYS;
        String[] statuses = {"Failure", "Success", "Retry", "Discarded"};
        String[] endpoints = {data.busyEndpoint(), data.quietEndpoint(), data.threeEndpoints().get(1)};
        String[] eventTypes = {data.commonEventType(), data.rareEventType()};
        DateRange.Preset[] presets = {DateRange.Preset.LAST_HOUR, DateRange.Preset.LAST_24_HOURS,
                DateRange.Preset.LAST_7_DAYS};
        String status = statuses[i % statuses.length];
        String endpoint = endpoints[i % endpoints.length];
        String eventType = eventTypes[i % eventTypes.length];
        DateRange.Preset preset = presets[i % presets.length];
        return List.of(
                new Change("status", Map.of("status", status), base),
                new Change("clear", none, base),
                new Change("endpoint", Map.of("endpointId", endpoint), base),
                new Change("clear", none, base),
                new Change("event type", Map.of("eventType", eventType), base),
                new Change("clear", none, base),
                new Change("date preset", none, preset),
                new Change("date preset", none, base));
    }

    Result run(PrintStream out) throws Exception {
        DataSet data = DataSet.readFrom(dataDir);
        if (!display) {
            System.setProperty("glass.platform", "Monocle");
            System.setProperty("monocle.platform", "Headless");
            System.setProperty("prism.order", "sw");
            System.setProperty("prism.text", "t2k");
        }
        // no sender: no dispatcher, so the seeded Scheduled/Retry deliveries stay as they are (and nothing is sent)
        try (HooklineServer server = HooklineServer.start(ServerConfig.embedded(dataDir), null)) {
            String key = Keys.apiKey().key();
            server.authenticator().addSessionKey(key); // in memory only, as the embedded server's console key
            try (ApiClient client = new ApiClient(server.baseUrl() + "/api", key)) {
                return measure(out, data, client);
            }
        }
    }

    private Result measure(PrintStream out, DataSet data, ApiClient client) throws Exception {
        out.printf(Locale.ROOT, "%nDeliveries view over %,d deliveries in %s (seeded %s to %s; measured project: "
                        + "%,d deliveries)%n", data.deliveries(), dataDir, data.start(), data.end(),
                data.mainProject().deliveries());
        CountDownLatch started = new CountDownLatch(1);
        Platform.startup(started::countDown);
        started.await();
        FxBackgroundTasks tasks = new FxBackgroundTasks();
        PagedListModel<?>[] model = new PagedListModel<?>[1];
        DeliveriesView[] view = new DeliveriesView[1];
        Scene scene = onFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            ConsoleSession session = ConsoleSession.connected(client.withProject(data.projectId()), true, tasks);
            view[0] = new DeliveriesView(session);
            Stage stage = new Stage();
            stage.setScene(new Scene(new javafx.scene.layout.StackPane(view[0].node()), 1280, 800));
            stage.show();
            PagedTableView<?> table = (PagedTableView<?>) view[0].node().lookup("#deliveriesTable");
            model[0] = table.model();
            model[0].dateRangeProperty().set(DateRange.of(DateRange.Preset.LAST_30_DAYS));
            return stage.getScene();
        });
        // the first page, as on opening the view
        timeChange(scene, model[0], () -> view[0].onShown());
        Map<String, Kind> kinds = new LinkedHashMap<>();
        com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean)
                java.lang.management.ManagementFactory.getOperatingSystemMXBean();
        long cpuAtStart = 0;
        double loadBefore = 0;
        int timed = 0;
        for (int i = -warmup; i < rounds; i++) {
            if (i == 0) {
                cpuAtStart = os.getProcessCpuTime();
                loadBefore = os.getSystemLoadAverage();
            }
            for (Change change : round(data, Math.floorMod(i, 12))) {
                Runnable apply = change.kind().equals("date preset")
                        ? () -> model[0].dateRangeProperty().set(DateRange.of(change.preset()))
                        : () -> view[0].applyFilter(change.filter());
                double[] ms = timeChange(scene, model[0], apply);
                if (i >= 0) {
                    Kind kind = kinds.computeIfAbsent(change.kind(), k -> new Kind(k, new ArrayList<>(),
                            new ArrayList<>(), new ArrayList<>()));
                    timed++;
                    kind.loadedMillis().add(ms[0]);
                    kind.millis().add(ms[1]);
                    kind.rows().add(onFx(() -> model[0].rows().size()));
                }
            }
        }
        double cpuMsPerChange = (os.getProcessCpuTime() - cpuAtStart) / 1e6 / Math.max(1, timed);
        double loadAfter = os.getSystemLoadAverage();
        onFx(() -> {
            scene.getWindow().hide();
            return null;
        });
        tasks.close();
        return new Result(List.copyOf(kinds.values()), cpuMsPerChange, loadBefore, loadAfter);
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
