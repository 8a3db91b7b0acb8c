package dev.hookline.server.capture;

import dev.hookline.api.model.CapturedRequest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongFunction;

/**
 * The requests the bins got, in memory: the newest {@link #PER_BIN} per bin, numbered from 1 per bin. Kept out of
 * the database on purpose (ADR 0031): test traffic should not grow the data directory or take the writer.
 */
final class CapturedRequestLog {

    static final int PER_BIN = 200;
    /**
     * Bytes of bodies kept per bin at most (issue 29: unauthenticated bodies must not grow the heap without bound);
     * the oldest requests go first. With {@link CaptureService#KEPT_BODY_BYTES} per request, at least 64 fit.
     */
    static final long BYTES_PER_BIN = 4L * 1024 * 1024;

    private static final class Bin {
        private final Deque<CapturedRequest> requests = new ArrayDeque<>();
        private long lastSeq;
        private long bytes;
    }

    private static long sizeOf(CapturedRequest request) {
        return (request.body() == null ? 0 : request.body().length() * 2L)
                + (request.bodyBase64() == null ? 0 : request.bodyBase64().length());
    }

    private final ConcurrentHashMap<String, Bin> bins = new ConcurrentHashMap<>();

    /** Numbers the request ({@code make} gets its seq), keeps it, and drops the oldest beyond {@link #PER_BIN}. */
    CapturedRequest add(String binId, LongFunction<CapturedRequest> make) {
        Bin bin = bins.computeIfAbsent(binId, id -> new Bin());
        synchronized (bin) {
            CapturedRequest request = make.apply(++bin.lastSeq);
            bin.requests.addLast(request);
            bin.bytes += sizeOf(request);
            while (bin.requests.size() > PER_BIN || bin.bytes > BYTES_PER_BIN && bin.requests.size() > 1) {
                bin.bytes -= sizeOf(bin.requests.removeFirst());
            }
            return request;
        }
    }

    /** The kept requests with {@code seq > afterSeq}, oldest first. */
    List<CapturedRequest> after(String binId, long afterSeq) {
        Bin bin = bins.get(binId);
        if (bin == null) {
            return List.of();
        }
        synchronized (bin) {
            List<CapturedRequest> newer = new ArrayList<>();
            for (CapturedRequest request : bin.requests) {
                if (request.seq() > afterSeq) {
                    newer.add(request);
                }
            }
            return newer;
        }
    }

    int count(String binId) {
        Bin bin = bins.get(binId);
        if (bin == null) {
            return 0;
        }
        synchronized (bin) {
            return bin.requests.size();
        }
    }

    /** Forgets the bin's requests; numbering goes on, so a console polling with {@code after} sees no old seq. */
    void clear(String binId) {
        Bin bin = bins.get(binId);
        if (bin != null) {
            synchronized (bin) {
                bin.requests.clear();
                bin.bytes = 0;
            }
        }
    }

    void remove(String binId) {
        bins.remove(binId);
    }
}
