package dev.hookline.server.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an operator meets starting the headless server on a file that is not its database (issue 29). */
class OperatorFaultsIT {

    @TempDir
    Path tmp;

    @Test
    void aZeroByteDatabaseIsRefusedWithItsNameInOneLineAndLeftAlone() throws Exception {
        Path data = tmp.resolve("data");
        Files.createDirectories(data);
        Path db = data.resolve("hookline.db");
        Files.write(db, new byte[0]);

        HeadlessProcess.Exited refused = HeadlessProcess.run("--port", "0", "--data-dir", data.toString());

        assertEquals(3, refused.code(), refused.output());
        assertTrue(refused.output().contains(db.toAbsolutePath().toString()), refused.output());
        assertTrue(refused.output().contains("empty (0 bytes)"), refused.output());
        assertFalse(refused.output().contains("Exception"), refused.output());
        assertEquals(0, Files.size(db), "the file is left as it was");
    }

    @Test
    void aHeadlessStartSaysWhereOutboundRequestsMayGoAndABadRangeIsAUsageError() throws Exception {
        HeadlessProcess.Exited bad = HeadlessProcess.run("--allow-destination", "10.0.0.0/99");
        assertEquals(2, bad.code(), bad.output());
        assertTrue(bad.output().contains("--allow-destination"), bad.output());
        assertTrue(bad.output().contains("10.0.0.0/99"), bad.output());

        try (HeadlessProcess server = HeadlessProcess.start("--port", "0", "--data-dir", tmp.resolve("d").toString(),
                "--allow-destination", "127.0.0.0/8")) {
            assertTrue(server.lines.stream().anyMatch(l -> l.contains("Outbound requests reach public addresses and "
                    + "[127.0.0.0/8]")), String.join("\n", server.lines));
        }
    }
}
