package dev.hookline.server.outbound;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.server.domain.InvalidInputException;
import dev.hookline.server.http.ErrorStatus;
import dev.hookline.server.testing.TestCertificates;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientCertificatesTest {

    @TempDir
    static Path dir;
    static TestCertificates.Pair rsa;
    static TestCertificates.Pair ec;

    @BeforeAll
    static void generate() {
        rsa = TestCertificates.rsa(dir);
        ec = TestCertificates.ec(dir);
    }

    @Test
    void acceptsMatchingRsaAndEcPairs() {
        assertDoesNotThrow(() -> ClientCertificates.check(rsa.certPem(), rsa.keyPem(), Instant.now()));
        assertDoesNotThrow(() -> ClientCertificates.check(ec.certPem(), ec.keyPem(), Instant.now()));
    }

    @Test
    void acceptsPkcs1RsaKeys() {
        // a 2048-bit RSA PKCS#8 key is a 26-byte header around the PKCS#1 key
        byte[] pkcs1 = Arrays.copyOfRange(rsa.keyDer(), 26, rsa.keyDer().length);
        String pem = TestCertificates.pem("RSA PRIVATE KEY", pkcs1);
        assertDoesNotThrow(() -> ClientCertificates.check(rsa.certPem(), pem, Instant.now()));
    }

    @Test
    void refusesAKeyOfAnotherCertificate() {
        assertMessage(() -> ClientCertificates.check(rsa.certPem(), ec.keyPem(), Instant.now()), "does not belong");
        TestCertificates.Pair other = TestCertificates.rsa(dir);
        assertMessage(() -> ClientCertificates.check(rsa.certPem(), other.keyPem(), Instant.now()),
                "does not belong");
    }

    @Test
    void refusesExpiredCertificates() {
        TestCertificates.Pair expired = TestCertificates.expiredRsa(dir);
        assertMessage(() -> ClientCertificates.check(expired.certPem(), expired.keyPem(), Instant.now()),
                "client_cert expired");
        assertMessage(() -> ClientCertificates.check(rsa.certPem(), rsa.keyPem(), Instant.now().plusSeconds(
                400L * 24 * 3600)), "client_cert expired");
    }

    @Test
    void refusesMalformedPemWithoutEchoingTheKey() {
        assertMessage(() -> ClientCertificates.check("not a pem", rsa.keyPem(), Instant.now()), "not PEM encoded");
        assertMessage(() -> ClientCertificates.check(rsa.keyPem(), rsa.keyPem(), Instant.now()),
                "must be a PEM certificate");
        assertMessage(() -> ClientCertificates.check("-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----",
                rsa.keyPem(), Instant.now()), "not a valid X.509");
        assertMessage(() -> ClientCertificates.check(rsa.certPem(), rsa.certPem(), Instant.now()),
                "PKCS#8");
        String garbageKey = "-----BEGIN PRIVATE KEY-----\nQUJDREVGRw==\n-----END PRIVATE KEY-----";
        InvalidInputException e = assertThrows(InvalidInputException.class, () -> ClientCertificates.check(rsa.certPem(), garbageKey,
                Instant.now()));
        assertTrue(e.getMessage().contains("not a valid RSA or EC private key"), e.getMessage());
        assertFalse(e.getMessage().contains("QUJD"), "key material never echoed");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String part) {
        InvalidInputException e = assertThrows(InvalidInputException.class, call);
        assertEquals(400, ErrorStatus.of(e));
        assertTrue(e.getMessage().contains(part), e.getMessage());
    }
}
