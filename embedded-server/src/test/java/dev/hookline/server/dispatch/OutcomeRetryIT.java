package dev.hookline.server.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.model.EventDelivery;
import dev.hookline.api.model.EventDeliveryStatus;
import dev.hookline.api.model.ProjectType;
import dev.hookline.server.ServerConfig;
import dev.hookline.server.HooklineServer;
import dev.hookline.server.outbound.OkHttpWebhookSender;
import dev.hookline.server.store.StoreException;
import dev.hookline.server.testing.EventSeeds;
import dev.hookline.server.testing.FullDisk;
import dev.hookline.server.testing.LoopbackBrokers;
import dev.hookline.server.testing.MutableClock;
import dev.hookline.server.testing.Receiver;
import dev.hookline.server.testing.Receiver.Answer;
import dev.hookline.server.testing.TestServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Item 5 of issue 17: the disk fills up after a receiver got a delivery. The outcome is held and written again until
 * it lands, and the delivery leaves Processing without a restart; the failure is reported as a full disk, not as
 * the driver's "cannot commit - no transaction is active" that followed it.
 */
class OutcomeRetryIT {

    @TempDir
    Path dataDir;

    @Test
    void anOutcomeRefusedByAFullDiskLandsOnceThereIsRoomAgainAndTheDeliveryLeavesProcessing() throws Exception {
        FullDisk disk = new FullDisk();
        MutableClock clock = new MutableClock();
        CountDownLatch received = new CountDownLatch(1);
        CountDownLatch diskFilled = new CountDownLatch(1);
        try (Receiver receiver = Receiver.start();
             TestServer server = TestServer.start(HooklineServer.start(
                     ServerConfig.standalone("127.0.0.1", 0, dataDir, TestServer.INSTANCE_KEY).withClock(clock),
                     new OkHttpWebhookSender(clock), LoopbackBrokers.standard(), disk))) {
            receiver.answerBy(request -> {
                received.countDown();
                await(diskFilled); // the receiver has the delivery; now the disk is full
                return Answer.ok();
            });
            TestServer.TestProject project = server.newProject("full-disk", ProjectType.OUTGOING);
            String endpoint = project.client().createEndpoint(
                    dev.hookline.api.model.EndpointRequest.of(receiver.url("/hook"), "full")).uid();
            EventSeeds seeds = new EventSeeds(server);
            EventDelivery delivery = seeds.delivery(seeds.event(project.id()).endpoints(endpoint).data("{\"n\":1}")
                    .insert(), endpoint).insert();
            server.server().signals().deliveriesDue();

            assertTrue(received.await(10, TimeUnit.SECONDS), "the receiver got the delivery");
            disk.fillFor(8); // the next 8 commits fail, the outcome's first tries among them
            diskFilled.countDown();

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (disk.full() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertFalse(disk.full(), "the outcome write kept trying while the disk was full");
            assertTrue(disk.refused() >= 8);

            EventDelivery landed = awaitRecorded(project, delivery.uid());
            assertEquals(EventDeliveryStatus.SUCCESS, landed.status());
            assertEquals(1, project.client().listDeliveryAttempts(delivery.uid()).size(),
                    "the held outcome was written once");
            assertEquals(1, receiver.requests().size(), "nothing was sent again");
        }
    }

    @Test
    void aWriteRefusedByAFullDiskSaysTheDiskIsFull() throws Exception {
        FullDisk disk = new FullDisk();
        try (TestServer server = TestServer.start(HooklineServer.start(
                ServerConfig.standalone("127.0.0.1", 0, dataDir, TestServer.INSTANCE_KEY), null,
                LoopbackBrokers.standard(), disk))) {
            var db = server.server().store().db();
            db.write(c -> c.createStatement().executeUpdate("CREATE TABLE scratch(x)"));
            disk.fillFor(1);
            StoreException e = assertThrows(StoreException.class,
                    () -> db.write(c -> c.createStatement().executeUpdate("INSERT INTO scratch VALUES (1)")));
            assertTrue(e.getMessage().contains("the disk is full (SQLITE_FULL)"), e.getMessage());
            assertFalse(e.getMessage().contains("no transaction is active"), e.getMessage());
            assertTrue(db.writeHealth().diskFull());
            assertFalse(db.writeHealth().writable());

            db.write(c -> null);
            assertFalse(db.writeHealth().writable(), "a commit that wrote nothing proves nothing");
            db.write(c -> c.createStatement().executeUpdate("INSERT INTO scratch VALUES (1)"));
            assertTrue(db.writeHealth().writable(), "a write that lands clears it");
        }
    }

    /**
     * The delivery once its outcome is recorded. Its row stays waiting while it is in flight (an at_least_once
     * delivery is held by the dispatcher's in-memory lease, ADR 0008; an at_most_once one is Processing), and the held
     * outcome may still be in its backoff when the disk has room again.
     */
    private static EventDelivery awaitRecorded(TestServer.TestProject project, String id)
            throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        EventDelivery d = project.client().getEventDelivery(id);
        while ((d.status() == EventDeliveryStatus.PROCESSING || d.status() == EventDeliveryStatus.SCHEDULED)
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
            d = project.client().getEventDelivery(id);
        }
        return d;
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
