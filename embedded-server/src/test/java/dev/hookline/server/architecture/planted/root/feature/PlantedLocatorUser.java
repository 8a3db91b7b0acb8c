package dev.hookline.server.architecture.planted.root.feature;

import dev.hookline.server.architecture.planted.root.PlantedServer;

/** Planted violation: a feature class that takes the root's holder instead of what it uses. */
public final class PlantedLocatorUser {

    private final PlantedServer server;

    public PlantedLocatorUser(PlantedServer server) {
        this.server = server;
    }

    public String name() {
        return server.name();
    }
}
