package dev.hookline.server.http.portal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Debian's headless Chromium driven through its chromedriver, for the portal page's browser tests. The binary and
 * driver paths are given, so Selenium Manager never runs and nothing is downloaded; every browser gets a fresh
 * profile directory. Screenshots go to {@code target/portal-screenshots/}.
 */
final class PortalBrowser implements AutoCloseable {

    /** Debian's chromium; {@code -Dhookline.chromium=...} points elsewhere (e.g. a missing path to see the skip). */
    static final Path CHROMIUM = Path.of(System.getProperty("hookline.chromium", "/usr/bin/chromium"));
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    static final Path SCREENSHOTS = Path.of("target", "portal-screenshots");
    static final Duration WAIT = Duration.ofSeconds(15);

    final ChromeDriver driver;
    private final Path profile;
    private final WebDriverWait wait;

    PortalBrowser() throws IOException {
        profile = Files.createTempDirectory("portal-chromium-");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--user-data-dir=" + profile, "--window-size=1280,900");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        driver = new ChromeDriver(service, options);
        wait = new WebDriverWait(driver, WAIT);
        Files.createDirectories(SCREENSHOTS);
    }

    /** Empties the screenshot folder, so it shows this run only. */
    static void clearScreenshots() throws IOException {
        if (Files.isDirectory(SCREENSHOTS)) {
            try (var files = Files.list(SCREENSHOTS)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    static boolean available() {
        return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
    }

    void open(String url) {
        driver.get(url);
    }

    WebElement visible(String css) {
        return wait.until(ExpectedConditions.visibilityOfElementLocated(By.cssSelector(css)));
    }

    void click(String css) {
        wait.until(ExpectedConditions.elementToBeClickable(By.cssSelector(css))).click();
    }

    void waitForText(String css, String text) {
        new WebDriverWait(driver, WAIT).withMessage(() -> css + " never contained \"" + text + "\"; it has: " + script(
                        "return Array.from(document.querySelectorAll(arguments[0])).map(e => e.outerHTML).join('\\n')", css)
                        + "\npage: " + bodyText())
                .until(ExpectedConditions.textToBePresentInElementLocated(By.cssSelector(css), text));
    }

    void waitUntilGone(String css) {
        wait.until(ExpectedConditions.invisibilityOfElementLocated(By.cssSelector(css)));
    }

    List<WebElement> all(String css) {
        return driver.findElements(By.cssSelector(css));
    }

    String bodyText() {
        return driver.findElement(By.tagName("body")).getText();
    }

    String title() {
        return visible("h1").getText();
    }

    Object script(String js, Object... args) {
        return driver.executeScript(js, args);
    }

    void size(int width, int height) {
        driver.manage().window().setSize(new Dimension(width, height));
    }

    /** Emulates the system's dark (or light) colour scheme. */
    void dark(boolean on) {
        driver.executeCdpCommand("Emulation.setEmulatedMedia", Map.of("features",
                List.of(Map.of("name", "prefers-color-scheme", "value", on ? "dark" : "light"))));
    }

    void screenshot(String name) {
        try {
            Files.write(SCREENSHOTS.resolve(name + ".png"), driver.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Console errors, including Content-Security-Policy refusals. */
    List<String> consoleErrors() {
        return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                .map(LogEntry::getMessage)
                .filter(m -> !m.contains("the server responded with a status of"))
                .toList();
    }

    @Override
    public void close() {
        driver.quit();
        try (var paths = Files.walk(profile)) {
            paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a temp directory left behind is harmless
        }
    }
}
