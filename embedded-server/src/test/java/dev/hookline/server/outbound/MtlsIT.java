package dev.hookline.server.outbound;

import static dev.hookline.server.outbound.OutboundFixtures.endpoint;
import static dev.hookline.server.outbound.OutboundFixtures.webhook;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsExchange;
import com.sun.net.httpserver.HttpsParameters;
import com.sun.net.httpserver.HttpsServer;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.server.testing.TestCertificates;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** mTLS against a real HTTPS receiver that requires a client certificate it trusts. */
class MtlsIT {

    @TempDir
    static Path dir;

    private static TestCertificates.Pair server;
    private static TestCertificates.Pair client;
    private static HttpsServer https;
    private static final List<X509Certificate> presented = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startHttpsReceiver() throws Exception {
        server = TestCertificates.loopbackServer(dir);
        client = TestCertificates.rsa(dir);
        KeyStore keys = KeyStore.getInstance("PKCS12");
        keys.load(null, null);
        keys.setKeyEntry("server", KeyFactory.getInstance("RSA").generatePrivate(
                new PKCS8EncodedKeySpec(server.keyDer())), new char[0], new Certificate[] {cert(server.certPem())});
        KeyManagerFactory keyManagers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keyManagers.init(keys, new char[0]);
        SSLContext context = SSLContext.getInstance("TLS");
        // the receiver trusts exactly one client certificate
        context.init(keyManagers.getKeyManagers(), trusting(cert(client.certPem())).getTrustManagers(), null);
        https = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        https.setHttpsConfigurator(new HttpsConfigurator(context) {
            @Override
            public void configure(HttpsParameters params) {
                SSLParameters parameters = context.getDefaultSSLParameters();
                parameters.setNeedClientAuth(true);
                params.setSSLParameters(parameters);
            }
        });
        https.createContext("/", exchange -> {
            try {
                presented.add((X509Certificate) ((HttpsExchange) exchange).getSSLSession().getPeerCertificates()[0]);
            } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
                // no client certificate: the handshake would have failed already
            }
            exchange.getRequestBody().readAllBytes();
            byte[] out = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, out.length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(out);
            }
        });
        https.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        https.start();
    }

    @AfterAll
    static void stopHttpsReceiver() {
        https.stop(0);
    }

    private OkHttpWebhookSender senderTrustingTheReceiver() throws Exception {
        return new OkHttpWebhookSender(Clock.systemUTC(),
                (X509TrustManager) trusting(cert(server.certPem())).getTrustManagers()[0]);
    }

    private static String url() {
        return "https://127.0.0.1:" + https.getAddress().getPort() + "/hooks";
    }

    @Test
    void theEndpointsClientCertificateIsPresentedToTheReceiver() throws Exception {
        presented.clear();
        Endpoint endpoint = endpoint(url(), null, List.of(), false, null,
                new MtlsClientCert(client.certPem(), client.keyPem()));

        SendResult result;
        try (OkHttpWebhookSender sender = senderTrustingTheReceiver()) {
            result = sender.send(webhook(endpoint, "{\"secure\":true}"));
        }

        assertTrue(result.delivered(), result.error());
        assertEquals(1, presented.size());
        assertArrayEquals(cert(client.certPem()).getEncoded(), presented.getFirst().getEncoded());
        assertEquals("127.0.0.1", result.ipAddress());
    }

    @Test
    void withoutAClientCertificateTheReceiverRefusesTheConnection() throws Exception {
        SendResult result;
        try (OkHttpWebhookSender sender = senderTrustingTheReceiver()) {
            result = sender.send(webhook(endpoint(url()), "{}"));
        }

        assertFalse(result.responded());
        assertTrue(result.error().contains("mTLS client certificate") || result.error().startsWith("TLS handshake failed"),
                result.error());
    }

    @Test
    void anUntrustedReceiverCertificateFailsTheHandshakeInPlainWords() {
        Endpoint endpoint = endpoint(url(), null, List.of(), false, null,
                new MtlsClientCert(client.certPem(), client.keyPem()));

        SendResult result;
        try (OkHttpWebhookSender sender = new OkHttpWebhookSender()) {
            result = sender.send(webhook(endpoint, "{}"));
        }

        assertFalse(result.responded());
        assertTrue(result.error().startsWith("TLS handshake failed: "), result.error());
    }

    @Test
    void anInvalidClientCertificateIsAClearErrorAndNothingIsSent() throws Exception {
        presented.clear();
        Endpoint endpoint = endpoint(url(), null, List.of(), false, null,
                new MtlsClientCert("not a certificate", client.keyPem()));

        SendResult result;
        try (OkHttpWebhookSender sender = senderTrustingTheReceiver()) {
            result = sender.send(webhook(endpoint, "{}"));
        }

        assertFalse(result.responded());
        assertEquals("invalid mTLS client certificate: mtls_client_cert.client_cert is not PEM encoded "
                + "(expected -----BEGIN ...----- / -----END ...-----)", result.error());
        assertTrue(presented.isEmpty());
    }

    @Test
    void aKeyThatDoesNotBelongToTheCertificateIsAClearError() throws Exception {
        TestCertificates.Pair other = TestCertificates.rsa(dir);
        Endpoint endpoint = endpoint(url(), null, List.of(), false, null,
                new MtlsClientCert(client.certPem(), other.keyPem()));

        SendResult result;
        try (OkHttpWebhookSender sender = senderTrustingTheReceiver()) {
            result = sender.send(webhook(endpoint, "{}"));
        }

        assertEquals("invalid mTLS client certificate: mtls_client_cert.client_key does not belong to client_cert",
                result.error());
        assertFalse(result.error().contains("PRIVATE KEY"));
    }

    @Test
    void anExpiredClientCertificateIsAClearError() throws Exception {
        TestCertificates.Pair expired = TestCertificates.expiredRsa(dir);
        Endpoint endpoint = endpoint(url(), null, List.of(), false, null,
                new MtlsClientCert(expired.certPem(), expired.keyPem()));

        SendResult result;
        try (OkHttpWebhookSender sender = senderTrustingTheReceiver()) {
            result = sender.send(webhook(endpoint, "{}"));
        }

        assertTrue(result.error().startsWith("invalid mTLS client certificate: mtls_client_cert.client_cert expired on "),
                result.error());
    }

    private static X509Certificate cert(String pem) throws Exception {
        return (X509Certificate) CertificateFactory.getInstance("X.509")
                .generateCertificate(new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII)));
    }

    private static TrustManagerFactory trusting(X509Certificate certificate) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setCertificateEntry("trusted", certificate);
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(store);
        return factory;
    }
}
