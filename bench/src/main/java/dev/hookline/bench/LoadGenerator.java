package dev.hookline.bench;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

/**
 * Sends POSTs over keep-alive connections, either as fast as the server answers (closed loop: each connection
 * sends its next request when the previous one is answered) or at a fixed rate (open loop: requests are due at
 * fixed times, whatever the server does).
 */
final class LoadGenerator {

    /** What a run did: requests answered 2xx, answered otherwise, failed, and the wall time. */
    record Result(long ok, long rejected, long failed, Duration elapsed) {

        double okPerSecond() {
            return ok / (elapsed.toNanos() / 1e9);
        }
    }

    private final String host;
    private final int port;
    private final String path;
    private final LongFunction<byte[]> body;

    /** {@code body} makes the body of the n-th request (n counts from 0 over the generator's life). */
    LoadGenerator(String host, int port, String path, LongFunction<byte[]> body) {
        this.host = host;
        this.port = port;
        this.path = path;
        this.body = body;
    }

    private final AtomicLong sequence = new AtomicLong();

    /** Closed loop over {@code connections} connections for {@code duration}. */
    Result closedLoop(int connections, Duration duration) throws InterruptedException {
        AtomicLong ok = new AtomicLong();
        AtomicLong rejected = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long start = System.nanoTime();
        long deadline = start + duration.toNanos();
        List<Thread> workers = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            workers.add(Thread.ofVirtual().start(() -> {
                try (RawHttpConnection connection = new RawHttpConnection(host, port)) {
                    while (System.nanoTime() < deadline) {
                        count(connection.post(path, body.apply(sequence.getAndIncrement())), ok, rejected);
                    }
                } catch (IOException e) {
                    failed.incrementAndGet();
                }
            }));
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return new Result(ok.get(), rejected.get(), failed.get(), Duration.ofNanos(System.nanoTime() - start));
    }

    /**
     * Open loop: {@code rate} requests per second for {@code duration}, spread over up to {@code connections}
     * connections (a request waits for a free connection only if all are busy, which the result then shows as a
     * longer elapsed time).
     */
    Result fixedRate(int rate, int connections, Duration duration) throws InterruptedException {
        return fixedRate(rate, connections, duration, latency -> { });
    }

    /**
     * As {@link #fixedRate(int, int, Duration)}, handing each answered request's latency in nanoseconds to
     * {@code latencies}, measured from the moment the request was due (not when a connection was free to send it:
     * a server that stalls is charged for the requests that queued behind the stall).
     */
    Result fixedRate(int rate, int connections, Duration duration, java.util.function.LongConsumer latencies)
            throws InterruptedException {
        AtomicLong ok = new AtomicLong();
        AtomicLong rejected = new AtomicLong();
        AtomicLong failed = new AtomicLong();
        long total = rate * duration.toSeconds();
        long intervalNanos = 1_000_000_000L / rate;
        BlockingQueue<Long> due = new LinkedBlockingQueue<>();
        List<Thread> workers = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < connections; i++) {
            workers.add(Thread.ofVirtual().start(() -> {
                try (RawHttpConnection connection = new RawHttpConnection(host, port)) {
                    for (Long n = due.take(); n >= 0; n = due.take()) {
                        count(connection.post(path, body.apply(sequence.getAndIncrement())), ok, rejected);
                        latencies.accept(System.nanoTime() - (start + n * intervalNanos));
                    }
                } catch (IOException e) {
                    failed.incrementAndGet();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
        for (long n = 0; n < total; n++) {
            long wait = start + n * intervalNanos - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            due.add(n);
        }
        for (int i = 0; i < connections; i++) {
            due.add(-1L);
        }
        for (Thread worker : workers) {
            worker.join();
        }
        return new Result(ok.get(), rejected.get(), failed.get(), Duration.ofNanos(System.nanoTime() - start));
    }

    private static void count(int status, AtomicLong ok, AtomicLong rejected) {
        if (status >= 200 && status < 300) {
            ok.incrementAndGet();
        } else {
            rejected.incrementAndGet();
        }
    }
}
