package dev.hookline.server;

/** Lets tests outside this package store an instance key the way {@link ServerMain} does. */
public final class ServerMainAccess {
    private ServerMainAccess() {
    }

    public static String ensureInstanceKey(HooklineServer server, String key) {
        return ServerMain.ensureInstanceKey(server, key);
    }
}
