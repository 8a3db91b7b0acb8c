package dev.hookline.app.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.server.EmbeddedServer;
import dev.hookline.server.ServerConfig;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A second console on a data directory another server owns: its embedded start is refused, and what the owner left
 * in the lock file is enough to work with the owner (its address, a key, its default project).
 */
class DataDirectoryOwnerOfferTest {

    @TempDir
    Path dataDir;

    @Test
    void theRefusedStartNamesTheOwnerAndTheOwnersProjectIsReachable() throws Exception {
        try (EmbeddedServer first = EmbeddedServer.start(ServerConfig.embedded(dataDir))) {
            IOException refused = assertThrows(IOException.class,
                    () -> EmbeddedServer.start(ServerConfig.embedded(dataDir)));
            EmbeddedServer.Owner owner = EmbeddedServer.ownerFrom(new RuntimeException("wrapped", refused));

            assertNotNull(owner, "the refusal carries the owner");
            assertEquals(first.baseUrl(), owner.baseUrl());
            assertEquals(ProcessHandle.current().pid(), owner.pid());
            assertTrue(owner.message().contains("in use by another Hookline server"), owner.message());
            assertEquals(first.defaultProjectId(), DataDirectoryOwnerOffer.defaultProject(owner),
                    "the console lands on the owner's default project");
        }
        try (EmbeddedServer afterwards = EmbeddedServer.start(ServerConfig.embedded(dataDir))) {
            assertNotNull(afterwards.baseUrl(), "once the owner stopped, the console starts its own server");
        }
    }

    @Test
    void otherFailuresOfferNothing() {
        assertNull(EmbeddedServer.ownerFrom(new IOException("Cannot create the data directory")));
    }
}
