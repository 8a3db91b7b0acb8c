package dev.hookline.app.status;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.app.status.ServerStatusViewModel.State;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class ServerStatusViewModelTest {

    private final ServerStatusViewModel viewModel = new ServerStatusViewModel(Path.of("/tmp/hookline-data"));

    @Test
    void startsInStartingStateWithTheDataDirectory() {
        assertEquals(State.STARTING, viewModel.stateProperty().get());
        assertEquals("Starting embedded server…", viewModel.messageProperty().get());
        assertEquals("Data directory: /tmp/hookline-data", viewModel.dataDirectoryProperty().get());
    }

    @Test
    void runningNamesTheAddressAndTheDefaultProject() {
        viewModel.running("http://127.0.0.1:41234", "01JD4N2V6X5Q0W8Y9Z7R3T1S2P");

        assertEquals(State.RUNNING, viewModel.stateProperty().get());
        assertEquals("Embedded server running at http://127.0.0.1:41234 — default project 01JD4N2V6X5Q0W8Y9Z7R3T1S2P",
                viewModel.messageProperty().get());
    }

    @Test
    void failureShowsTheInnermostMessageOnly() {
        var failure = new CompletionException(new UncheckedIOException(
                new IOException("Address already in use\n\tat sun.nio.ch.Net.bind0(Native Method)")));

        viewModel.failed(failure);

        assertEquals(State.FAILED, viewModel.stateProperty().get());
        assertEquals("Embedded server failed to start: Address already in use", viewModel.messageProperty().get());
    }

    @Test
    void failureWithoutMessageNamesTheErrorKind() {
        viewModel.failed(new IllegalStateException());

        assertEquals("Embedded server failed to start: IllegalStateException", viewModel.messageProperty().get());
    }
}
