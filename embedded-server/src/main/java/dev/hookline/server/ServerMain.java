package dev.hookline.server;

import dev.hookline.server.auth.Keys;
import dev.hookline.server.http.HttpLimits;
import dev.hookline.server.outbound.DestinationPolicy;
import dev.hookline.server.store.DataDirectoryInUseException;
import dev.hookline.server.store.Database;
import dev.hookline.server.store.DatabaseDamagedException;
import dev.hookline.server.store.StoreException;
import dev.hookline.server.projects.ProjectService;
import dev.hookline.server.transforms.ScriptWorkerMain;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the server headless: {@code java -jar hookline-server.jar --port 5005 --data-dir ./data --api-key KEY}.
 *
 * <p>With no {@code --api-key} and no instance key stored yet, one is generated, only its hash is stored, and the
 * key is printed this first time only. Stops cleanly on SIGTERM / Ctrl+C. Refuses (exit {@value #EXIT_REFUSED}, one
 * line) a data directory another server owns or a damaged database; {@code --backup FILE} copies the database and
 * exits.
 */
public final class ServerMain {

    /** Exit code when the server will not start on the data directory (owned by another, damaged) or a backup failed. */
    static final int EXIT_REFUSED = 3;

    private ServerMain() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals(ScriptWorkerMain.MODE)) {
            // a script worker process started by the server itself (the packaged launcher has no bin/java)
            ScriptWorkerMain.main(java.util.Arrays.copyOfRange(args, 1, args.length));
            return;
        }
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("hookline-server: " + e.getMessage());
            System.err.println(Options.USAGE);
            System.exit(2);
            return;
        }
        if (options.help) {
            System.out.println(Options.USAGE);
            return;
        }
        if (options.apiKey != null && Keys.maskOf(options.apiKey, "CO") == null) {
            System.err.println("hookline-server: --api-key must look like CO.<mask>.<secret> "
                    + "(e.g. one printed by an earlier start)");
            System.exit(2);
            return;
        }
        if (options.backup != null) {
            System.exit(backup(options.dataDir, options.backup));
            return;
        }
        HooklineServer server;
        try {
            server = HooklineServer.start(
                    ServerConfig.standalone(options.host, options.port, options.dataDir, options.apiKey)
                            .withHttpLimits(HttpLimits.DEFAULTS
                                    .withMaxConnections(options.maxConnections))
                            .withDestinations(options.destinations()));
        } catch (DataDirectoryInUseException | DatabaseDamagedException e) {
            // one line a person can act on, no stack trace
            System.err.println("hookline-server: " + e.getMessage());
            System.exit(EXIT_REFUSED);
            return;
        }
        if (options.compact) {
            Database.Compaction done = server.store().db().compact();
            System.out.println("Compacted " + server.store().db().file().toAbsolutePath() + ": " + done.bytesBefore()
                    + " -> " + done.bytesAfter() + " bytes in " + done.millis() + " ms");
        }
        String generated = ensureInstanceKey(server, options.apiKey);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "hookline-shutdown"));
        System.out.println(destinationsLine(options.destinations()));
        for (String line : startBanner(generated, server.projects().organisationId(), server.baseUrl())) {
            System.out.println(line);
        }
        System.out.flush();
        stopped.await();
    }

    /**
     * {@code --backup FILE}: a consistent copy of the data directory's database, whether or not a server runs on it
     * (it reads one snapshot; it takes no lock). Returns the exit code.
     */
    static int backup(Path dataDir, Path target) {
        try {
            long bytes = Database.backup(dataDir.resolve(ServerConfig.DATABASE_FILE), target);
            System.out.println("Backed up " + dataDir.resolve(ServerConfig.DATABASE_FILE).toAbsolutePath() + " to "
                    + target.toAbsolutePath() + " (" + bytes + " bytes)");
            return 0;
        } catch (StoreException e) {
            System.err.println("hookline-server: " + e.getMessage());
            return EXIT_REFUSED;
        }
    }

    /**
     * What a start prints: the generated key (first start only) with the organisation ID beside it, since Convoy
     * clients send that ID as {@code orgID}, then the address.
     */
    static List<String> startBanner(String generatedKey, String organisationId, String baseUrl) {
        List<String> lines = new ArrayList<>();
        if (generatedKey != null) {
            lines.add("Generated the instance API key (shown this once; only its hash is stored):");
            lines.add("  " + generatedKey);
        }
        lines.add("Organisation ID (Convoy's orgID; \"" + ProjectService.ORGANISATION_ALIAS + "\" works too): "
                + organisationId);
        lines.add("Hookline server listening on " + baseUrl);
        return lines;
    }

    /** What the start prints about outbound requests (ADR 0039). */
    static String destinationsLine(DestinationPolicy policy) {
        return policy.allowed().isEmpty()
                ? "Outbound requests reach public addresses only (open a range with --allow-destination CIDR)"
                : "Outbound requests reach public addresses and " + policy.allowed();
    }

    /** Stores the given key's hash if new; generates one on first start when none is given. */
    static String ensureInstanceKey(HooklineServer server, String given) {
        if (given != null) {
            String mask = Keys.maskOf(given, "CO");
            if (!server.projects().hasInstanceKeyWithMask(mask)) {
                String salt = Keys.random(25);
                server.projects().storeInstanceKey(new Keys.Generated(given, mask, salt, Keys.hash(given, salt)));
            }
            return null;
        }
        if (server.projects().hasAnyInstanceKey()) {
            return null;
        }
        Keys.Generated key = Keys.apiKey();
        server.projects().storeInstanceKey(key);
        return key.key();
    }

    /** Command-line flags. */
    static final class Options {
        static final String USAGE = """
                Usage: java -jar hookline-server.jar [--host 127.0.0.1] [--port 5005] [--data-dir ./data] [--api-key CO.x.y]
                       java -jar hookline-server.jar --data-dir ./data --backup FILE
                  --host      address to listen on (default 127.0.0.1)
                  --port      port (default 5005; 0 = any free port)
                  --data-dir  where hookline.db lives (default ./data; created if missing); one server per directory
                  --api-key   instance API key reaching every project; without it a key is generated on first start
                  --max-connections  open HTTP connections at most (default 1000); one more is answered 503
                  --compact   give the database's free pages back to the disk at start (a database made before
                              this version is rebuilt: writes wait meanwhile), then serve
                  --allow-destination CIDR  let deliveries, meta events, OAuth2 token requests and pub_sub
                              sources' brokers reach this range (repeatable; also HOOKLINE_ALLOW_DESTINATIONS=a,b).
                              By default only public addresses are reached: loopback, private, link-local,
                              unique-local and multicast are refused. Portal link holders' endpoints: public only.
                              For a receiver on this machine: --allow-destination 127.0.0.0/8
                  --backup    write a consistent copy of the database to FILE and exit (a server may be running)""";

        String host = "127.0.0.1";
        int port = ServerConfig.DEFAULT_PORT;
        Path dataDir = Path.of("data");
        String apiKey;
        Path backup;
        int maxConnections = HttpLimits.DEFAULTS.maxConnections();
        final List<DestinationPolicy.Cidr> allowDestinations = new ArrayList<>();
        boolean help;
        boolean compact;

        /** The headless policy: public addresses, plus the ranges given (ADR 0039). */
        DestinationPolicy destinations() {
            return DestinationPolicy.publicOnly(allowDestinations);
        }

        static Options parse(String[] args) {
            return parse(args, System.getenv("HOOKLINE_ALLOW_DESTINATIONS"));
        }

        static Options parse(String[] args, String allowFromEnvironment) {
            Options o = new Options();
            try {
                o.allowDestinations.addAll(DestinationPolicy.parseList(allowFromEnvironment));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("HOOKLINE_ALLOW_DESTINATIONS: " + e.getMessage());
            }
            for (int i = 0; i < args.length; i++) {
                String arg = args[i];
                String value = null;
                int eq = arg.indexOf('=');
                if (arg.startsWith("--") && eq > 0) {
                    value = arg.substring(eq + 1);
                    arg = arg.substring(0, eq);
                }
                switch (arg) {
                    case "--help", "-h" -> o.help = true;
                    case "--compact" -> o.compact = true;
                    case "--host" -> o.host = value != null ? value : next(args, ++i, arg);
                    case "--port" -> {
                        String text = value != null ? value : next(args, ++i, arg);
                        try {
                            o.port = Integer.parseInt(text);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--port must be a number, got " + text);
                        }
                        if (o.port < 0 || o.port > 65535) {
                            throw new IllegalArgumentException("--port must be between 0 and 65535");
                        }
                    }
                    case "--data-dir" -> o.dataDir = Path.of(value != null ? value : next(args, ++i, arg));
                    case "--api-key" -> o.apiKey = value != null ? value : next(args, ++i, arg);
                    case "--backup" -> o.backup = Path.of(value != null ? value : next(args, ++i, arg));
                    case "--max-connections" -> {
                        String text = value != null ? value : next(args, ++i, arg);
                        try {
                            o.maxConnections = Integer.parseInt(text);
                        } catch (NumberFormatException e) {
                            throw new IllegalArgumentException("--max-connections must be a number, got " + text);
                        }
                        if (o.maxConnections < 1) {
                            throw new IllegalArgumentException("--max-connections must be at least 1");
                        }
                    }
                    case "--allow-destination" -> {
                        String text = value != null ? value : next(args, ++i, arg);
                        try {
                            o.allowDestinations.addAll(DestinationPolicy.parseList(text));
                        } catch (IllegalArgumentException e) {
                            throw new IllegalArgumentException("--allow-destination: " + e.getMessage());
                        }
                    }
                    default -> throw new IllegalArgumentException("unknown option " + arg);
                }
            }
            return o;
        }

        private static String next(String[] args, int index, String flag) {
            if (index >= args.length) {
                throw new IllegalArgumentException(flag + " needs a value");
            }
            return args[index];
        }
    }
}
