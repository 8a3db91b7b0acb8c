package dev.hookline.server.outbound;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Every address form an attacker would try, judged without any connection (ADR 0039). */
class DestinationPolicyTest {

    private static final DestinationPolicy HEADLESS = DestinationPolicy.publicOnly(List.of());

    @Test
    void theHeadlessDefaultRefusesEveryNonPublicFormAndSaysWhichOptionOpensIt() {
        for (String host : List.of("127.0.0.1", "127.1", "2130706433", "0x7f000001", "0177.0.0.1", "0.0.0.0", "0",
                "[::1]", "::1", "[::ffff:127.0.0.1]", "::ffff:7f00:1", "[::]", "10.1.2.3", "172.16.0.9",
                "192.168.1.1", "100.64.0.1", "169.254.169.254", "169.254.10.10", "[fe80::1]", "fd00::1",
                "fc00::1", "224.0.0.1", "[ff02::1]", "255.255.255.255", "[::ffff:10.0.0.1]", "64:ff9b::a00:1",
                "fd00:ec2::254", "localhost", "LOCALHOST.", "api.localhost")) {
            String refused = HEADLESS.refusalOfLiteral(host);
            assertNotNull(refused, host + " must be refused");
            assertTrue(refused.startsWith("destination "), refused);
            assertTrue(refused.contains("is not allowed"), refused);
        }
        assertTrue(HEADLESS.refusalOfLiteral("127.0.0.1").contains("--allow-destination"));
        assertTrue(HEADLESS.refusalOfLiteral("2130706433").contains("destination 127.0.0.1 is not allowed"),
                "the decimal form is judged as the address it connects to");
        assertTrue(HEADLESS.refusalOfLiteral("[::ffff:127.0.0.1]").contains("loopback"));
        assertTrue(HEADLESS.refusalOfLiteral("localhost").contains("loopback"),
                "localhost is loopback whatever a resolver says (RFC 6761)");
        assertTrue(HEADLESS.refusalOfUrl("http://localhost:8080/x").contains("loopback"));
        for (String url : List.of("http://127.1:8080/x", "http://0x7f.1/x", "http://user@127.1/x", "http://[::1]:80/")) {
            assertNotNull(HEADLESS.refusalOfUrl(url), url + ": a spelling java.net.URI reads without a host");
        }
    }

    @Test
    void publicAddressesAndNamesPass() {
        for (String host : List.of("93.184.216.34", "8.8.8.8", "[2606:4700:4700::1111]", "172.32.0.1",
                "example.com", "hooks.example.org")) {
            assertNull(HEADLESS.refusalOfLiteral(host), host);
        }
    }

    @Test
    void anAllowedRangeOpensOnlyThatRangeAndNeverTheMetadataAddressUnlessNamed() {
        DestinationPolicy local = DestinationPolicy.publicOnly(DestinationPolicy.parseList("127.0.0.0/8, 10.8.0.0/16"));
        assertNull(local.refusalOfLiteral("127.0.0.1"));
        assertNull(local.refusalOfLiteral("[::ffff:127.0.0.1]"));
        assertNull(local.refusalOfLiteral("10.8.3.4"));
        assertNotNull(local.refusalOfLiteral("10.9.0.1"));
        assertNotNull(local.refusalOfLiteral("169.254.169.254"));
    }

    @Test
    void theConsolesEmbeddedServerReachesLoopbackAndPrivateButNeverLinkLocalOrMetadata() {
        assertNull(DestinationPolicy.EMBEDDED.refusalOfLiteral("127.0.0.1"));
        assertNull(DestinationPolicy.EMBEDDED.refusalOfLiteral("[::1]"));
        assertNull(DestinationPolicy.EMBEDDED.refusalOfLiteral("192.168.1.20"));
        assertTrue(DestinationPolicy.EMBEDDED.refusalOfLiteral("169.254.169.254").contains("cloud metadata"));
        assertNotNull(DestinationPolicy.EMBEDDED.refusalOfLiteral("[fe80::1]"));
        assertNotNull(DestinationPolicy.EMBEDDED.refusalOfLiteral("[::ffff:169.254.169.254]"));
        assertNotNull(DestinationPolicy.EMBEDDED.refusalOfLiteral("0.0.0.0"));
    }

    @Test
    void portalLinksReachPublicAddressesOnly() {
        assertNotNull(DestinationPolicy.PORTAL.refusalOfLiteral("127.0.0.1"));
        assertTrue(DestinationPolicy.PORTAL.refusalOfLiteral("10.0.0.1").contains("portal link"));
        assertNull(DestinationPolicy.PORTAL.refusalOfLiteral("93.184.216.34"));
    }

    @Test
    void aBadRangeIsNamed() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DestinationPolicy.parseList("127.0.0.0/33"));
        assertTrue(e.getMessage().contains("127.0.0.0/33"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DestinationPolicy.parseList("localhost"));
        assertEquals("fd00:0:0:0:0:0:0:0/8", DestinationPolicy.Cidr.parse("fd00::/8").toString());
    }

    @Test
    void ownIngestUrlsAreRecognisedByHostAndPortWhateverTheLoopbackSpelling() {
        String own = "http://127.0.0.1:5005";
        assertTrue(OwnIngestUrls.isOwnIngestUrl("http://127.0.0.1:5005/ingest/abc", own));
        assertTrue(OwnIngestUrls.isOwnIngestUrl("http://localhost:5005/ingest/abc", own));
        assertTrue(OwnIngestUrls.isOwnIngestUrl("http://[::1]:5005/ingest/abc", own));
        assertTrue(!OwnIngestUrls.isOwnIngestUrl("http://127.0.0.1:5006/ingest/abc", own));
        assertTrue(!OwnIngestUrls.isOwnIngestUrl("http://127.0.0.1:5005/hooks", own));
    }
}
