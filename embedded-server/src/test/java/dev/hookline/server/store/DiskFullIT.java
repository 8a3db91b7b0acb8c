package dev.hookline.server.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.api.model.ServerHealth;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import dev.hookline.server.testing.TestServer;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real full disk (a 8 MiB tmpfs; needs root to mount, skipped otherwise): a delivery whose receiver answered
 * while the disk filled up is recorded once there is room again, without a restart, and {@code /healthz} says the
 * disk is full meanwhile.
 */
class DiskFullIT {

    @TempDir
    Path tmp;

    @Test
    void anOutcomeWrittenOnAFullDiskLandsWhenSpaceIsFreedAndHealthSaysTheDiskIsFull() throws Exception {
        Path mount = tmp.resolve("small-disk");
        Files.createDirectories(mount);
        Assumptions.assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", mount.toString()),
                "needs root to mount a small tmpfs");
        try {
            fillAndFree(mount.resolve("data"), mount.resolve("filler"));
        } finally {
            run("umount", "-l", mount.toString());
        }
    }

    private void fillAndFree(Path dataDir, Path filler) throws Exception {
        MutableClock clock = new MutableClock();
        CountDownLatch received = new CountDownLatch(1);
        CountDownLatch diskFilled = new CountDownLatch(1);
        try (Receiver receiver = Receiver.start();
             TestServer server = TestServer.start(dataDir, clock, new OkHttpWebhookSender(clock))) {
            receiver.answerBy(request -> {
                received.countDown();
                await(diskFilled);
                return Answer.ok().withBody("x".repeat(60_000)); // the attempt keeps it: the write needs room
            });
            TestServer.TestProject project = server.newProject("small-disk", ProjectType.OUTGOING);
            String endpoint = project.client().createEndpoint(EndpointRequest.of(receiver.url("/hook"), "d")).uid();
            EventSeeds seeds = new EventSeeds(server);
            EventDelivery delivery = seeds.delivery(seeds.event(project.id()).endpoints(endpoint).data("{\"n\":1}")
                    .insert(), endpoint).insert();
            server.server().signals().deliveriesDue();
            assertTrue(received.await(10, TimeUnit.SECONDS), "the receiver got the delivery");

            // an empty write-ahead log: the next commit must grow it, on a disk with no room left
            try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dataDir.resolve("hookline.db"))) {
                c.createStatement().execute("PRAGMA wal_checkpoint(TRUNCATE)");
            }
            fill(filler);
            diskFilled.countDown();

            assertTrue(eventually(() -> {
                ServerHealth health = server.admin().health();
                return health != null && health.disk().full() && !health.healthy();
            }), "healthz says the disk is full");
            assertEquals(EventDeliveryStatus.PROCESSING, project.client().getEventDelivery(delivery.uid()).status(),
                    "the outcome could not be written yet");

            Files.delete(filler);
            assertTrue(eventually(() -> project.client().getEventDelivery(delivery.uid()).status()
                    != EventDeliveryStatus.PROCESSING), "the held outcome landed once space was freed");
            EventDelivery landed = project.client().getEventDelivery(delivery.uid());
            assertEquals(EventDeliveryStatus.SUCCESS, landed.status());
            assertEquals(1, project.client().listDeliveryAttempts(delivery.uid()).size());
            assertEquals(1, receiver.requests().size(), "nothing was sent twice");
            assertTrue(eventually(() -> server.admin().health().healthy()), "healthy again");
            assertNotEquals(0, server.admin().health().disk().freeBytes());
        }
    }

    private static void fill(Path filler) {
        byte[] chunk = new byte[16 * 1024];
        try (OutputStream out = Files.newOutputStream(filler)) {
            while (true) {
                out.write(chunk);
                out.flush();
            }
        } catch (IOException full) {
            // no space left on device: what the test wants
        }
    }

    private static boolean eventually(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(50);
        }
        return false;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean run(String... command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
