package org.jomp.msg.transport.socket;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The secret every rank of a job knows and no one else does; connections prove knowledge of it with HMAC-SHA256
 * over fresh nonces, so the secret itself never crosses the network and a recorded exchange cannot be replayed.
 */
public final class JobSecret {
    private static final String HMAC = "HmacSHA256";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final SecretKeySpec key;

    private JobSecret(byte[] bytes) {
        if (bytes.length < 16) {
            throw new IllegalArgumentException("job secret: " + bytes.length + " bytes is too short (at least 16)");
        }
        this.key = new SecretKeySpec(bytes, HMAC);
    }

    /** The secret given as text (e.g. {@code JOMP_JOB_SECRET}), used as its UTF-8 bytes. */
    public static JobSecret of(String text) {
        return new JobSecret(text.getBytes(StandardCharsets.UTF_8));
    }

    /** A fresh random secret as 64 hex digits, for a launcher to hand to its ranks. */
    public static String randomText() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    /** A fresh random nonce. */
    static byte[] nonce() {
        byte[] b = new byte[32];
        RANDOM.nextBytes(b);
        return b;
    }

    /** HMAC-SHA256 of the concatenated parts. */
    byte[] mac(byte[]... parts) {
        try {
            Mac m = Mac.getInstance(HMAC);
            m.init(key);
            for (byte[] p : parts) {
                m.update(p);
            }
            return m.doFinal();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available in this JDK", e);
        }
    }
}
