package dev.hookline.server.outbound;

import java.io.IOException;

/** A connection the {@link DestinationPolicy} refused before any packet was sent; the message says why. */
public final class DestinationRefusedException extends IOException {
    public DestinationRefusedException(String message) {
        super(message);
    }
}
