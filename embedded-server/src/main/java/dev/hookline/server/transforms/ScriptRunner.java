package dev.hookline.server.transforms;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.mozilla.javascript.BaseFunction;
import org.mozilla.javascript.Context;
import org.mozilla.javascript.EvaluatorException;
import org.mozilla.javascript.Function;
import org.mozilla.javascript.NativeJSON;
import org.mozilla.javascript.RhinoException;
import org.mozilla.javascript.Scriptable;
import org.mozilla.javascript.ScriptableObject;
import org.mozilla.javascript.Undefined;

/**
 * Runs Convoy transform functions ({@code function transform(payload) { ...; return payload; }}) in a Rhino
 * sandbox: only the safe standard objects (no {@code Packages}, {@code java}, {@code importClass}), no Java class
 * visible (deny-all class shutter), nothing that reaches the network or files, a wall-clock time limit enforced by
 * the instruction observer, {@code console.log} captured. Thread-safe and meant to be shared: scripts are compiled
 * once and cached by their text, and the standard objects are built once and shared sealed.
 *
 * <p>The payload goes in and the result comes out as JSON, so what the script returns is exactly what
 * {@code JSON.stringify} would give (integers stay integers, functions and undefined members are dropped).
 */
public final class ScriptRunner {

    static final String NOT_FOUND = "the transform function is not found, please define it or rename the existing "
            + "function";

    private static final Duration STANDARD_LIMIT = Duration.ofSeconds(1);
    private static final int CACHE_CAPACITY = 256;
    private static final int MAX_LOG_LINES = 1_000;
    private static final int MAX_LOG_LINE_LENGTH = 10_000;
    private static final String SOURCE_NAME = "transform";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SandboxContextFactory SYNTAX_CHECKER = new SandboxContextFactory();

    private final long limitNanos;
    private final Duration timeLimit;
    private final SandboxContextFactory factory = new SandboxContextFactory();
    private final ScriptCache cache = new ScriptCache(CACHE_CAPACITY);
    private final ScriptableObject standardObjects;

    public ScriptRunner(Duration timeLimit) {
        Objects.requireNonNull(timeLimit, "timeLimit");
        if (timeLimit.isNegative() || timeLimit.isZero()) {
            throw new IllegalArgumentException("time limit must be positive, got " + timeLimit);
        }
        this.timeLimit = timeLimit;
        this.limitNanos = timeLimit.toNanos();
        try (Context cx = factory.enterContext()) {
            standardObjects = cx.initSafeStandardObjects(null, true);
            standardObjects.sealObject();
        }
    }

    /** A runner with a one-second limit per run. */
    public static ScriptRunner standard() {
        return new ScriptRunner(STANDARD_LIMIT);
    }

    public Duration timeLimit() {
        return timeLimit;
    }

    /** Runs {@code transform(input)} of {@code script}; never throws for anything the script does. */
    public ScriptResult run(String script, JsonNode input) {
        List<String> log = new ArrayList<>();
        if (script == null || script.isBlank()) {
            return ScriptResult.failure(NOT_FOUND, log);
        }
        ScriptCache.Compiled compiled = cache.get(script, this::compile);
        if (compiled.error() != null) {
            return ScriptResult.failure(compiled.error(), log);
        }
        try (Context cx = factory.enterContext()) {
            ((SandboxContextFactory.SandboxContext) cx).startClock(limitNanos);
            Scriptable scope = cx.newObject(standardObjects);
            scope.setPrototype(standardObjects);
            scope.setParentScope(null);
            ScriptableObject.putProperty(scope, "console", console(cx, scope, log));
            compiled.script().exec(cx, scope);
            if (!(ScriptableObject.getProperty(scope, "transform") instanceof Function transform)) {
                return ScriptResult.failure(NOT_FOUND, log);
            }
            Object payload = toJs(cx, scope, input);
            Object result = transform.call(cx, scope, scope, new Object[] {payload});
            if (result == null || result instanceof Undefined) {
                if (result == null) {
                    return ScriptResult.success(JSON.nullNode(), log);
                }
                return ScriptResult.failure("the transform function returned nothing; it must return the "
                        + "transformed payload", log);
            }
            Object text = NativeJSON.stringify(cx, scope, result, null, null);
            if (!(text instanceof CharSequence json)) {
                return ScriptResult.failure("the transform function must return JSON data (an object, array, "
                        + "string, number, boolean or null), got " + typeOf(result), log);
            }
            return ScriptResult.success(JSON.readTree(json.toString()), log);
        } catch (SandboxContextFactory.TimeLimitExceeded e) {
            return ScriptResult.failure(e.getMessage() + " of " + timeLimit.toMillis() + " ms", log);
        } catch (RhinoException e) {
            return ScriptResult.failure(describe(e), log);
        } catch (StackOverflowError e) {
            return ScriptResult.failure("the transform function recursed too deeply", log);
        } catch (JsonProcessingException e) {
            return ScriptResult.failure("the transform function returned something that is not JSON: "
                    + e.getOriginalMessage(), log);
        }
    }

    /**
     * Null if {@code script} parses, else the syntax error with its line ({@code syntax error (line 2)}): lets the
     * routes that store a function refuse one that could never run. Compiles only; runs nothing.
     */
    public static String syntaxError(String script) {
        try (Context cx = SYNTAX_CHECKER.enterContext()) {
            cx.compileString(script, SOURCE_NAME, 1, null);
            return null;
        } catch (EvaluatorException e) {
            return syntaxErrorText(e);
        }
    }

    /** How many compiled scripts are cached (for tests). */
    int cachedScripts() {
        return cache.size();
    }

    private ScriptCache.Compiled compile(String source) {
        try (Context cx = factory.enterContext()) {
            return new ScriptCache.Compiled(cx.compileString(source, SOURCE_NAME, 1, null), null);
        } catch (EvaluatorException e) {
            return new ScriptCache.Compiled(null, syntaxErrorText(e));
        }
    }

    private static String syntaxErrorText(EvaluatorException e) {
        String error = describe(e);
        return error.startsWith("syntax error") ? error : "syntax error: " + error;
    }

    /** The payload as JS values, built by the sandbox's own {@code JSON.parse}. */
    private static Object toJs(Context cx, Scriptable scope, JsonNode input) {
        if (input == null || input.isNull() || input.isMissingNode()) {
            return null;
        }
        Scriptable json = (Scriptable) ScriptableObject.getProperty(scope, "JSON");
        return ScriptableObject.callMethod(cx, json, "parse", new Object[] {input.toString()});
    }

    /** {@code console.log}/{@code info}/{@code warn}/{@code error}: each call is one line of the log. */
    private static Scriptable console(Context cx, Scriptable scope, List<String> log) {
        Scriptable console = cx.newObject(scope);
        BaseFunction write = new BaseFunction() {
            @Override
            public Object call(Context cx, Scriptable scope, Scriptable thisObj, Object[] args) {
                append(cx, scope, log, args);
                return Undefined.instance;
            }
        };
        for (String name : List.of("log", "info", "warn", "error", "debug")) {
            ScriptableObject.putProperty(console, name, write);
        }
        return console;
    }

    private static void append(Context cx, Scriptable scope, List<String> log, Object[] args) {
        if (log.size() > MAX_LOG_LINES) {
            return;
        }
        if (log.size() == MAX_LOG_LINES) {
            log.add("(further log lines dropped: at most " + MAX_LOG_LINES + " are kept)");
            return;
        }
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < args.length; i++) {
            if (i > 0) {
                line.append(' ');
            }
            line.append(format(cx, scope, args[i]));
        }
        if (line.length() > MAX_LOG_LINE_LENGTH) {
            line.setLength(MAX_LOG_LINE_LENGTH);
            line.append("...");
        }
        log.add(line.toString());
    }

    /** Strings as they are, objects and arrays as JSON, everything else as JS prints it. */
    private static String format(Context cx, Scriptable scope, Object value) {
        if (value instanceof CharSequence || value instanceof Function || value == null
                || value instanceof Undefined) {
            return Context.toString(value);
        }
        if (value instanceof Scriptable) {
            try {
                Object json = NativeJSON.stringify(cx, scope, value, null, null);
                if (json instanceof CharSequence text) {
                    return text.toString();
                }
            } catch (RhinoException e) {
                // e.g. a cyclic object: fall back to its string form
            }
        }
        return Context.toString(value);
    }

    /** The script's own words and where: {@code TypeError: Cannot read property "x" of undefined (line 3)}. */
    private static String describe(RhinoException e) {
        String details = e.details();
        int line = e.lineNumber();
        return line > 0 ? details + " (line " + line + ")" : details;
    }

    private static String typeOf(Object value) {
        return value instanceof Function ? "a function" : value.getClass().getSimpleName();
    }
}
