package dev.hookline.server.reliability;

import dev.hookline.server.ServerMain;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The headless server as an operator runs it: a child JVM started with {@link ServerMain}, its output kept. */
final class HeadlessProcess implements AutoCloseable {

    private static final Pattern LISTENING = Pattern.compile("^Hookline server listening on (http://127\\.0\\.0\\.1:\\d+)$");

    final Process process;
    final String baseUrl;
    final List<String> lines;

    private HeadlessProcess(Process process, String baseUrl, List<String> lines) {
        this.process = process;
        this.baseUrl = baseUrl;
        this.lines = lines;
    }

    /** Starts the server and returns once it says it is listening (or fails with what it printed). */
    static HeadlessProcess start(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).start();
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String line;
        while (System.nanoTime() < deadline && (line = reader.readLine()) != null) {
            lines.add(line);
            Matcher m = LISTENING.matcher(line);
            if (m.matches()) {
                Thread.ofVirtual().start(() -> reader.lines().forEach(lines::add)); // keep draining
                return new HeadlessProcess(process, m.group(1), lines);
            }
        }
        process.destroyForcibly();
        throw new AssertionError("server never said it was listening: " + lines);
    }

    /** Runs the server to its end (a refused start) and returns its exit code and output. */
    static Exited run(String... args) throws Exception {
        Process p = command(args).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("server did not exit: " + out);
        }
        return new Exited(p.exitValue(), out);
    }

    record Exited(int code, String output) {
    }

    /** SIGKILL: no shutdown hook, no checkpoint, as after a crash or the OOM killer. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }

    private static ProcessBuilder command(String... args) {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> command = new ArrayList<>(List.of(java, "--enable-native-access=ALL-UNNAMED", "-cp",
                System.getProperty("java.class.path"), ServerMain.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command);
    }
}
