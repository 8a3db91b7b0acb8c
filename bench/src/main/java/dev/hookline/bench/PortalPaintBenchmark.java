package dev.hookline.bench;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.openqa.selenium.By;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * First paint of the customer portal's deliveries page (issue 16: <= 500 ms with 1,000,000 deliveries in the
 * project), in Debian's headless Chromium against a server on loopback over the list benchmark's data set (seeded
 * here, or reused with {@code -Dbench.dataDir}). A portal link reaching every endpoint of the measured project is
 * opened {@code bench.loads} times, each a new navigation; the page marks (User Timing) when the list's rows are
 * in the document and two animation frames later (so surely painted). Times are from the navigation's start.
 * Run: {@code -Dbench.main=dev.hookline.bench.PortalPaintBenchmark} (see docs/BENCHMARKS.md).
 */
public final class PortalPaintBenchmark {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    private PortalPaintBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        BenchOptions options = BenchOptions.from(System.getProperties());
        int loads = Integer.getInteger("bench.loads", 30);
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new IllegalStateException("needs " + CHROMIUM + " and " + CHROMEDRIVER
                    + " (apt-get install chromium chromium-driver)");
        }
        boolean temporary = options.dataDir() == null;
        Path dataDir = temporary ? Files.createTempDirectory("hookline-portal-bench-") : options.dataDir();
        try {
            DataSet data = DataSet.existsIn(dataDir) ? DataSet.readFrom(dataDir) : seed(options, dataDir, out);
            out.printf("Data set: %,d deliveries, measured project %s (%,d deliveries)%n", data.deliveries(),
                    data.projectId(), data.mainProject().deliveries());
            measure(dataDir, data, loads, out);
        } finally {
            if (temporary && !options.keep()) {
                Benchmark.deleteTree(dataDir);
            }
        }
    }

    private static DataSet seed(BenchOptions options, Path dataDir, PrintStream out) throws IOException {
        out.printf("Seeding %,d deliveries into %s%n", options.deliveries(), dataDir);
        Instant end = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        SeedClock clock = new SeedClock(DataSetSeeder.startOf(end));
        try (HooklineServer server = HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dataDir, null).withClock(clock), null);
             ApiClient admin = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            DataSet data = new DataSetSeeder(server, clock, admin, out)
                    .seed(options.deliveries(), options.seed(), end);
            data.writeTo(dataDir);
            return data;
        }
    }

    private static void measure(Path dataDir, DataSet data, int loads, PrintStream out) throws Exception {
        try (HooklineServer server = HooklineServer.start(ServerConfig.standalone("127.0.0.1", 0, dataDir, null),
                null);
             ApiClient api = new ApiClient(server.baseUrl() + "/api", Benchmark.sessionKey(server))) {
            ApiClient project = api.withProject(data.projectId());
            List<String> endpoints = new ArrayList<>();
            for (Endpoint e : project.listEndpoints(ListQuery.create().with("perPage", "100")).content()) {
                endpoints.add(e.uid());
            }
            PortalLink link = project.createPortalLink(new PortalLinkRequest("portal paint bench", null, endpoints,
                    false, null));
            out.printf("Portal link over the project's %d endpoints: every delivery of the project is in reach%n",
                    endpoints.size());
            Path profile = Files.createTempDirectory("portal-bench-chromium-");
            ChromeOptions chrome = new ChromeOptions();
            chrome.setBinary(CHROMIUM.toFile());
            chrome.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                    "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1280,900");
            ChromeDriver driver = new ChromeDriver(new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build(), chrome);
            try {
                List<Double> shown = new ArrayList<>();
                List<Double> painted = new ArrayList<>();
                List<Double> contentful = new ArrayList<>();
                Map<String, List<Double>> callStarts = new java.util.TreeMap<>();
                Map<String, List<Double>> callEnds = new java.util.TreeMap<>();
                for (int i = 0; i <= loads; i++) {
                    driver.get("about:blank");
                    driver.get(link.url());
                    new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> !d.findElements(
                            By.cssSelector("#delivery-list tbody tr")).isEmpty()
                            && ((Number) driver.executeScript("return performance.getEntriesByName("
                            + "'portal:deliveries-painted').length")).intValue() > 0);
                    @SuppressWarnings("unchecked")
                    Map<String, Object> marks = (Map<String, Object>) driver.executeScript("""
                            const at = (name) => performance.getEntriesByName(name)[0].startTime;
                            const fcp = performance.getEntriesByType('paint')
                                .find((p) => p.name === 'first-contentful-paint');
                            const calls = {};
                            for (const r of performance.getEntriesByType('resource')) {
                              const path = new URL(r.name).pathname;
                              if (path.startsWith('/portal-api/') && !(path in calls)) {
                                calls[path] = [r.startTime, r.responseEnd];
                              }
                            }
                            return { shown: at('portal:deliveries-shown'), painted: at('portal:deliveries-painted'),
                                     fcp: fcp ? fcp.startTime : -1, calls };""");
                    if (i == 0) {
                        out.printf(Locale.ROOT, "  cold load (not counted): rows shown %.0f ms, painted %.0f ms%n",
                                number(marks, "shown"), number(marks, "painted"));
                        continue;
                    }
                    shown.add(number(marks, "shown"));
                    painted.add(number(marks, "painted"));
                    contentful.add(number(marks, "fcp"));
                    @SuppressWarnings("unchecked")
                    Map<String, List<Number>> calls = (Map<String, List<Number>>) marks.get("calls");
                    calls.forEach((path, span) -> {
                        callStarts.computeIfAbsent(path, k -> new ArrayList<>()).add(span.get(0).doubleValue());
                        callEnds.computeIfAbsent(path, k -> new ArrayList<>()).add(span.get(1).doubleValue());
                    });
                }
                out.printf(Locale.ROOT, "%d loads of the deliveries page (page of 25, newest first, no filter):%n",
                        loads);
                out.println(line("first contentful paint (header)", contentful));
                out.println(line("rows in the document", shown));
                out.println(line("rows painted (2 frames later)", painted));
                out.println("  API calls of a load (from the navigation's start):");
                callStarts.forEach((path, starts) -> out.printf(Locale.ROOT, "    %-42s sent p50 %4.0f, answered p50 %4.0f"
                        + " p95 %4.0f ms%n", path, nearestRank(starts.stream().sorted().toList(), 0.5),
                        nearestRank(callEnds.get(path).stream().sorted().toList(), 0.5),
                        nearestRank(callEnds.get(path).stream().sorted().toList(), 0.95)));
            } finally {
                driver.quit();
                Benchmark.deleteTree(profile);
            }
        }
    }

    private static double number(Map<String, Object> marks, String key) {
        return ((Number) marks.get(key)).doubleValue();
    }

    private static String line(String what, List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        return String.format(Locale.ROOT, "  %-34s p50 %6.0f  p95 %6.0f  max %6.0f ms", what,
                nearestRank(sorted, 0.50), nearestRank(sorted, 0.95), sorted.get(sorted.size() - 1));
    }

    private static double nearestRank(List<Double> sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }
}
