package dev.hookline.server.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Self-signed certificate + key pairs as PEM, made with the JDK's keytool at test time (no keys in the repo). */
public final class TestCertificates {

    /** A PEM certificate and its PKCS#8 PEM private key. */
    public record Pair(String certPem, String keyPem, byte[] keyDer) {
    }

    private TestCertificates() {
    }

    /** RSA 2048, valid for a year. */
    public static Pair rsa(Path dir) {
        return generate(dir, List.of("-keyalg", "RSA", "-keysize", "2048", "-validity", "365"));
    }

    /** RSA 2048 for a TLS server on loopback (subject alternative names 127.0.0.1 and localhost), valid a year. */
    public static Pair loopbackServer(Path dir) {
        return generate(dir, List.of("-keyalg", "RSA", "-keysize", "2048", "-validity", "365",
                "-ext", "SAN=ip:127.0.0.1,dns:localhost"));
    }

    /** EC P-256, valid for a year. */
    public static Pair ec(Path dir) {
        return generate(dir, List.of("-keyalg", "EC", "-groupname", "secp256r1", "-validity", "365"));
    }

    /** RSA, valid from three days ago for one day: expired. */
    public static Pair expiredRsa(Path dir) {
        return generate(dir, List.of("-keyalg", "RSA", "-keysize", "2048", "-startdate", "-3d", "-validity", "1"));
    }

    public static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + label + "-----\n";
    }

    private static Pair generate(Path dir, List<String> options) {
        try {
            Path store = Files.createTempFile(dir, "client", ".p12");
            Files.delete(store);
            List<String> command = new ArrayList<>(List.of(
                    Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
                    "-genkeypair", "-alias", "client", "-dname", "CN=hookline-test",
                    "-keystore", store.toString(), "-storetype", "PKCS12",
                    "-storepass", "changeit", "-keypass", "changeit"));
            command.addAll(options);
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IllegalStateException("keytool failed: " + output);
            }
            KeyStore keyStore = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(store)) {
                keyStore.load(in, "changeit".toCharArray());
            }
            PrivateKey key = (PrivateKey) keyStore.getKey("client", "changeit".toCharArray());
            Certificate cert = keyStore.getCertificate("client");
            return new Pair(pem("CERTIFICATE", cert.getEncoded()), pem("PRIVATE KEY", key.getEncoded()),
                    key.getEncoded());
        } catch (IOException | InterruptedException | java.security.GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a test certificate", e);
        }
    }
}
