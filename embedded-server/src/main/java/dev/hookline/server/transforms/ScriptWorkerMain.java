package dev.hookline.server.transforms;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * A script worker process (ADR 0023): reads script requests on stdin, runs each in the Rhino sandbox
 * ({@link ScriptRunner}) and answers on stdout, one at a time, until stdin closes. Started by {@link ScriptSandbox}
 * with a hard heap bound; the server kills it when a call overruns its time limit (a long built-in the instruction
 * observer cannot see) and starts another.
 *
 * <p>A script that runs out of the heap gets its answer (the memory bound in plain words); the worker then keeps
 * serving if a collection gives the heap back (a script's objects are garbage once it has failed), and exits
 * otherwise, telling the server in that answer so it is replaced.
 */
public final class ScriptWorkerMain {

    /** The argument that selects this mode, also through {@code ServerMain} (the packaged launcher). */
    public static final String MODE = "--script-worker";
    /** Exit status after a script exhausted the heap. */
    static final int EXIT_OUT_OF_MEMORY = 3;
    /** Answer member telling the server this worker exits after the answer (its heap overflowed). */
    static final String RETIRING = "retiring";

    private ScriptWorkerMain() {
    }

    /** {@code args}: the time limit in milliseconds, then the heap bound in megabytes (for the message). */
    public static void main(String[] args) {
        try {
            serve(args);
        } catch (IOException e) {
            // the server closed the pipes (it stopped, or killed this worker's call): nothing left to answer
            System.exit(0);
        }
    }

    /**
     * After a script ran out of heap: true when a collection gives the heap back (the script's garbage was all it
     * held), so the worker keeps serving instead of costing a new process per hostile call.
     */
    private static boolean recovered() {
        System.gc();
        Runtime runtime = Runtime.getRuntime();
        long used = runtime.totalMemory() - runtime.freeMemory();
        return used < runtime.maxMemory() / 4;
    }

    private static void serve(String[] args) throws IOException {
        long limitMillis = args.length > 0 ? Long.parseLong(args[0]) : 1_000;
        long heapMegabytes = args.length > 1 ? Long.parseLong(args[1]) : Runtime.getRuntime().maxMemory() >> 20;
        DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
        DataOutputStream out = new DataOutputStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)));
        // only frames go to stdout: anything else printing there would corrupt the stream
        System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.err), true));
        ScriptRunner runner = new ScriptRunner(Duration.ofMillis(limitMillis));
        runner.run("function transform(p) { return [p].map(x => x); }", null);
        ScriptWorkerProtocol.write(out, ScriptWorkerProtocol.ready());
        JsonNode request;
        while ((request = ScriptWorkerProtocol.read(in)) != null) {
            ScriptResult result;
            boolean exhausted = false;
            try {
                result = runner.run(request.path("script").asText(), request.get("input"));
            } catch (OutOfMemoryError e) {
                result = ScriptResult.failure(ScriptSandbox.memoryMessage(heapMegabytes), List.of());
                exhausted = true;
            }
            try {
                exhausted = exhausted && !recovered();
                ScriptWorkerProtocol.write(out, ScriptWorkerProtocol.answer(result).put(RETIRING, exhausted));
            } catch (OutOfMemoryError e) {
                // the output itself is too large to send: say so instead
                exhausted = true;
                ScriptWorkerProtocol.write(out, ScriptWorkerProtocol.answer(ScriptResult.failure(
                        ScriptSandbox.memoryMessage(heapMegabytes), List.of())).put(RETIRING, true));
            }
            if (exhausted) {
                System.exit(EXIT_OUT_OF_MEMORY);
            }
        }
    }
}
