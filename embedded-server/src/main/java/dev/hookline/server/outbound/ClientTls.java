package dev.hookline.server.outbound;

import dev.hookline.api.model.MtlsClientCert;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.Collection;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;

/**
 * TLS settings of outbound calls: the trust store (the JDK's by default) and, for endpoints with an
 * {@code mtls_client_cert}, a socket factory presenting that client certificate.
 */
final class ClientTls {

    /** A socket factory with the endpoint's client certificate, and when that certificate stops being valid. */
    record ClientIdentity(SSLSocketFactory socketFactory, Instant notAfter) {
    }

    private ClientTls() {
    }

    /** The JDK's default trust manager (the system's CA certificates). */
    static X509TrustManager systemTrust() {
        try {
            TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            factory.init((KeyStore) null);
            for (TrustManager manager : factory.getTrustManagers()) {
                if (manager instanceof X509TrustManager x509) {
                    return x509;
                }
            }
            throw new IllegalStateException("the JDK has no X.509 trust manager");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK trust store cannot be loaded", e);
        }
    }

    /** A socket factory that trusts {@code trust} and presents no client certificate. */
    static SSLSocketFactory socketFactory(X509TrustManager trust) {
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {trust}, null);
            return context.getSocketFactory();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS is unavailable", e);
        }
    }

    /**
     * The client identity of an endpoint's certificate and key (checked as at endpoint creation: PEM, the key
     * belongs to the certificate, not expired at {@code now}). Throws with a plain message when they are unusable.
     */
    static ClientIdentity identity(MtlsClientCert mtls, X509TrustManager trust, Instant now) throws AuthException {
        X509Certificate leaf;
        PrivateKey key;
        try {
            leaf = ClientCertificates.check(mtls.clientCert(), mtls.clientKey(), now);
            key = ClientCertificates.privateKey(mtls.clientKey());
        } catch (RuntimeException e) {
            // ApiError messages name the field and the problem and never echo the key
            throw new AuthException("invalid mTLS client certificate: " + e.getMessage());
        }
        try {
            Certificate[] chain = chain(mtls.clientCert(), leaf);
            char[] password = new char[0];
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry("client", key, password, chain);
            KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(store, password);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys.getKeyManagers(), new TrustManager[] {trust}, null);
            return new ClientIdentity(context.getSocketFactory(), leaf.getNotAfter().toInstant());
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new AuthException("mTLS client certificate cannot be used: " + e.getMessage());
        }
    }

    /** Every certificate of the PEM (leaf first, then intermediates the user pasted after it). */
    private static Certificate[] chain(String pem, X509Certificate leaf) throws GeneralSecurityException {
        Collection<? extends Certificate> all = CertificateFactory.getInstance("X.509")
                .generateCertificates(new ByteArrayInputStream(pem.trim().getBytes(StandardCharsets.US_ASCII)));
        return all.isEmpty() ? new Certificate[] {leaf} : all.toArray(new Certificate[0]);
    }
}
