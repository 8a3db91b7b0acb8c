package dev.hookline.server.outbound;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What counts as this server's own ingest URL, judged from the URL alone: no lookup, no connection. */
class OwnIngestUrlsTest {

    private static final String OWN = "http://127.0.0.1:5005";

    @Test
    void everySpellingOfThisServerOnItsPortIsOwn() {
        for (String url : List.of("http://127.0.0.1:5005/ingest/m", "http://localhost:5005/ingest/m",
                "http://LocalHost.:5005/ingest/m", "http://api.localhost:5005/ingest/m", "http://[::1]:5005/ingest/m",
                "http://[::ffff:127.0.0.1]:5005/ingest/m", "http://127.1:5005/ingest/m", "http://0.0.0.0:5005/ingest/m",
                "http://127.0.0.1:5005//ingest/m", "http://127.0.0.1:5005/a/../ingest/m",
                "http://127.0.0.1:5005/./ingest/m", "http://127.0.0.1:5005/%69ngest/m",
                "http://user@127.0.0.1:5005/ingest/m?x=1#f")) {
            assertTrue(OwnIngestUrls.isOwnIngestUrl(url, OWN), url);
        }
    }

    @Test
    void anyLiteralAddressOfThisMachineOnThisPortIsOwn() throws Exception {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address instanceof Inet6Address v6 && v6.getScopeId() != 0) {
                    continue; // a zone in a URL is another story
                }
                String host = address instanceof Inet6Address ? "[" + address.getHostAddress() + "]"
                        : address.getHostAddress();
                assertTrue(OwnIngestUrls.isOwnIngestUrl("http://" + host + ":5005/ingest/m", OWN), host);
            }
        }
    }

    @Test
    void anotherPortPathOrNameIsNotOwn() {
        for (String url : List.of("http://127.0.0.1:5006/ingest/m", "http://127.0.0.1:5005/capture/m",
                "http://127.0.0.1:5005/ingest", "http://127.0.0.1:5005/api/v1/ingest/m",
                "http://hooks.example:5005/ingest/m", "https://127.0.0.1/ingest/m", "http://203.0.113.7:5005/ingest/m",
                "not a url")) {
            assertFalse(OwnIngestUrls.isOwnIngestUrl(url, OWN), url);
        }
    }
}
