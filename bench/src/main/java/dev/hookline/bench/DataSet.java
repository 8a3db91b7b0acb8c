package dev.hookline.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hookline.api.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What was seeded, saved next to the database as {@value #FILE} so a kept data directory can be measured again
 * without seeding. IDs and counts only: no key or secret is written.
 *
 * @param projectId             the measured project (the busiest; the other projects share the tables)
 * @param busyEndpoint          the main project's busiest endpoint
 * @param quietEndpoint         its endpoint with the fewest deliveries
 * @param threeEndpoints        busy, second busiest and quiet, for the "3 endpoints" cases
 * @param busySubscription      the subscription with the most deliveries
 * @param quietSubscription     the subscription with the fewest deliveries
 * @param sampleEventIds        main-project events that have deliveries, for the eventId case
 * @param sampleIdempotencyKeys idempotency keys of main-project events, for the idempotencyKey case
 * @param statusCounts          the main project's deliveries per status
 * @param endpointCounts        the main project's deliveries per endpoint ID
 * @param subscriptionCounts    the main project's deliveries per subscription ID
 */
public record DataSet(int version, long deliveries, long events, long duplicateEvents, long attempts, Instant start,
                      Instant end, double seedSeconds, long seed, List<ProjectFacts> projects, String projectId,
                      String busyEndpoint, String quietEndpoint, List<String> threeEndpoints,
                      String busySubscription, String quietSubscription, String commonEventType,
                      String rareEventType, String commonWord, String rareWord, List<String> sampleEventIds,
                      List<String> sampleIdempotencyKeys, Map<String, Long> statusCounts,
                      Map<String, Long> endpointCounts, Map<String, Long> subscriptionCounts) {

    /** The file in the data directory. */
    public static final String FILE = "bench-dataset.json";

    /** Bumped when the seeder's shape changes, so an old kept data set is not measured as a new one. */
    public static final int VERSION = 1;

    /** One project of the data set. */
    public record ProjectFacts(String name, String id, String type, long events, long deliveries, int endpoints,
                               int sources, int subscriptions) {
    }

    public static boolean existsIn(Path dataDir) {
        return Files.isRegularFile(dataDir.resolve(FILE));
    }

    public static DataSet readFrom(Path dataDir) {
        try {
            DataSet dataSet = mapper().readValue(dataDir.resolve(FILE).toFile(), DataSet.class);
            if (dataSet.version() != VERSION) {
                throw new IllegalStateException(dataDir.resolve(FILE) + " was written by data set version "
                        + dataSet.version() + ", this benchmark seeds version " + VERSION
                        + ": use a new bench.dataDir");
            }
            return dataSet;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + dataDir.resolve(FILE), e);
        }
    }

    public void writeTo(Path dataDir) {
        try {
            mapper().writerWithDefaultPrettyPrinter().writeValue(dataDir.resolve(FILE).toFile(), this);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dataDir.resolve(FILE), e);
        }
    }

    /** The measured project's facts. */
    public ProjectFacts mainProject() {
        return projects.stream().filter(p -> p.id().equals(projectId)).findFirst().orElseThrow();
    }

    private static ObjectMapper mapper() {
        return Json.lenient();
    }
}
