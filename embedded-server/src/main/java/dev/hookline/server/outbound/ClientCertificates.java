package dev.hookline.server.outbound;

import dev.hookline.server.domain.InvalidInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.interfaces.ECKey;
import java.security.spec.InvalidKeySpecException;
import java.security.spec.PKCS8EncodedKeySpec;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks an endpoint's mTLS client certificate and key (PEM) the way they will be used: the certificate parses as
 * X.509 and has not expired, the key parses (PKCS#8 {@code BEGIN PRIVATE KEY}, RSA or EC; PKCS#1
 * {@code BEGIN RSA PRIVATE KEY} is accepted too) and the key belongs to the certificate. Every problem is a 400 that
 * says what is wrong and never echoes the key.
 */
public final class ClientCertificates {

    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");
    // DER prefix of a PKCS#8 PrivateKeyInfo's algorithm for rsaEncryption: SEQUENCE { OID 1.2.840.113549.1.1.1, NULL }
    private static final byte[] RSA_ALGORITHM = {
            0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00};

    private ClientCertificates() {
    }

    /** The parsed pair; throws a 400 {@link InvalidInputException} naming the problem. */
    public static X509Certificate check(String certPem, String keyPem, Instant now) {
        X509Certificate certificate = certificate(certPem);
        if (certificate.getNotAfter().toInstant().isBefore(now)) {
            throw InvalidInputException.of("mtls_client_cert.client_cert expired on " + certificate.getNotAfter().toInstant());
        }
        PrivateKey key = privateKey(keyPem);
        if (!belongTogether(certificate.getPublicKey(), key)) {
            throw InvalidInputException.of("mtls_client_cert.client_key does not belong to client_cert");
        }
        return certificate;
    }

    public static X509Certificate certificate(String pem) {
        Block block = firstBlock(pem, "mtls_client_cert.client_cert");
        if (!block.label().equals("CERTIFICATE")) {
            throw InvalidInputException.of("mtls_client_cert.client_cert must be a PEM certificate (BEGIN CERTIFICATE), got "
                    + "BEGIN " + block.label());
        }
        try {
            Collection<? extends java.security.cert.Certificate> parsed = CertificateFactory.getInstance("X.509")
                    .generateCertificates(new ByteArrayInputStream(pem.trim().getBytes(StandardCharsets.US_ASCII)));
            if (parsed.isEmpty() || !(parsed.iterator().next() instanceof X509Certificate x509)) {
                throw InvalidInputException.of("mtls_client_cert.client_cert is not a valid X.509 certificate");
            }
            return x509;
        } catch (CertificateException e) {
            throw InvalidInputException.of("mtls_client_cert.client_cert is not a valid X.509 certificate");
        }
    }

    public static PrivateKey privateKey(String pem) {
        Block block = firstBlock(pem, "mtls_client_cert.client_key");
        byte[] pkcs8 = switch (block.label()) {
            case "PRIVATE KEY" -> block.der();
            case "RSA PRIVATE KEY" -> wrapPkcs1(block.der());
            case "ENCRYPTED PRIVATE KEY" -> throw InvalidInputException.of(
                    "mtls_client_cert.client_key must not be encrypted (give the unencrypted PKCS#8 key)");
            default -> throw InvalidInputException.of("mtls_client_cert.client_key must be a PKCS#8 private key "
                    + "(BEGIN PRIVATE KEY), got BEGIN " + block.label()
                    + "; convert it with: openssl pkcs8 -topk8 -nocrypt");
        };
        for (String algorithm : new String[] {"RSA", "EC"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8));
            } catch (InvalidKeySpecException e) {
                // try the next algorithm
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException(algorithm + " key factory unavailable", e);
            }
        }
        throw InvalidInputException.of("mtls_client_cert.client_key is not a valid RSA or EC private key");
    }

    private static boolean belongTogether(PublicKey publicKey, PrivateKey privateKey) {
        String algorithm;
        if (publicKey.getAlgorithm().equals("RSA") && privateKey.getAlgorithm().equals("RSA")) {
            algorithm = "SHA256withRSA";
        } else if (publicKey.getAlgorithm().equals("EC") && privateKey.getAlgorithm().equals("EC")
                && publicKey instanceof ECKey) {
            algorithm = "SHA256withECDSA";
        } else {
            return false;
        }
        try {
            byte[] challenge = new byte[32];
            new SecureRandom().nextBytes(challenge);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(privateKey);
            signer.update(challenge);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(publicKey);
            verifier.update(challenge);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    private record Block(String label, byte[] der) {
    }

    private static Block firstBlock(String pem, String field) {
        if (pem == null || pem.isBlank()) {
            throw InvalidInputException.of(field + " is required (PEM)");
        }
        Matcher m = PEM.matcher(pem);
        if (!m.find()) {
            throw InvalidInputException.of(field + " is not PEM encoded (expected -----BEGIN ...----- / -----END ...-----)");
        }
        try {
            return new Block(m.group(1), Base64.getMimeDecoder().decode(m.group(2).replaceAll("\\s", "")));
        } catch (IllegalArgumentException e) {
            throw InvalidInputException.of(field + " has a malformed base64 body");
        }
    }

    /** PKCS#1 RSAPrivateKey wrapped into a PKCS#8 PrivateKeyInfo (version 0, rsaEncryption, the key). */
    private static byte[] wrapPkcs1(byte[] pkcs1) {
        ByteArrayOutputStream inner = new ByteArrayOutputStream();
        inner.writeBytes(new byte[] {0x02, 0x01, 0x00});
        inner.writeBytes(RSA_ALGORITHM);
        inner.write(0x04);
        inner.writeBytes(derLength(pkcs1.length));
        inner.writeBytes(pkcs1);
        ByteArrayOutputStream outer = new ByteArrayOutputStream();
        outer.write(0x30);
        outer.writeBytes(derLength(inner.size()));
        outer.writeBytes(inner.toByteArray());
        return outer.toByteArray();
    }

    private static byte[] derLength(int length) {
        if (length < 0x80) {
            return new byte[] {(byte) length};
        }
        if (length < 0x100) {
            return new byte[] {(byte) 0x81, (byte) length};
        }
        if (length < 0x10000) {
            return new byte[] {(byte) 0x82, (byte) (length >> 8), (byte) length};
        }
        return new byte[] {(byte) 0x83, (byte) (length >> 16), (byte) (length >> 8), (byte) length};
    }
}
