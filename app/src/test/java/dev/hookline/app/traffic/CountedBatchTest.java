package dev.hookline.app.traffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.hookline.api.client.ApiException;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class CountedBatchTest {

    private final AtomicReference<Throwable> banner = new AtomicReference<>();
    private final CountedBatch batch = new CountedBatch(new SameThreadBackgroundTasks(), banner::set);
    private final List<String> sent = new ArrayList<>();
    private final AtomicInteger reloads = new AtomicInteger();

    @Test
    void countsFirstAndSendsNothingUntilConfirmed() {
        batch.request(() -> 12L, () -> send("retry"), reloads::incrementAndGet);

        assertEquals(CountedBatch.State.AWAITING_CONFIRMATION, batch.stateProperty().get());
        assertEquals(12, batch.countProperty().get());
        assertEquals(List.of(), sent);

        batch.confirm();

        assertEquals(List.of("retry"), sent);
        assertEquals(CountedBatch.State.DONE, batch.stateProperty().get());
        assertEquals("sent retry", batch.messageProperty().get());
        assertEquals(1, reloads.get());
    }

    @Test
    void cancellingSendsNothing() {
        batch.request(() -> 3L, () -> send("retry"), reloads::incrementAndGet);
        batch.cancel();
        batch.confirm();

        assertEquals(List.of(), sent);
        assertEquals(CountedBatch.State.IDLE, batch.stateProperty().get());
        assertEquals(0, reloads.get());
    }

    @Test
    void confirmingTwiceSendsOnce() {
        batch.request(() -> 3L, () -> send("retry"), reloads::incrementAndGet);
        batch.confirm();
        batch.confirm();

        assertEquals(List.of("retry"), sent);
    }

    @Test
    void aFailedCountShowsTheServersMessageAndSendsNothing() {
        batch.request(() -> {
            throw new ApiException(400, "startDate cannot be greater than endDate", "x");
        }, () -> send("retry"), reloads::incrementAndGet);
        batch.confirm();

        assertEquals(CountedBatch.State.FAILED, batch.stateProperty().get());
        assertEquals("startDate cannot be greater than endDate", batch.messageProperty().get());
        assertEquals(List.of(), sent);
        assertNull(banner.get(), "not a connection problem");
    }

    @Test
    void anUnreachableServerRaisesTheBanner() {
        ApiException unreachable = new ApiException(0, "cannot reach http://127.0.0.1:1/api", null);
        batch.request(() -> 1L, () -> {
            throw unreachable;
        }, reloads::incrementAndGet);
        batch.confirm();

        assertSame(unreachable, banner.get());
        assertEquals(CountedBatch.State.FAILED, batch.stateProperty().get());
        assertEquals(0, reloads.get());
    }

    private String send(String what) {
        sent.add(what);
        return "sent " + what;
    }
}
