package dev.hookline.server.architecture.planted.rootcycle;

import dev.hookline.server.architecture.planted.rootcycle.feature.PlantedFeature;

/** Planted violation: a root package and its own sub-package that use each other (with {@link PlantedFeature}). */
public final class PlantedWiring {

    public static final int PORT = 5005;

    public PlantedFeature feature() {
        return new PlantedFeature();
    }
}
