package dev.hookline.server.architecture.planted.rootcycle.feature;

import dev.hookline.server.architecture.planted.rootcycle.PlantedWiring;

/** The sub-package half of the planted root cycle: it reads a constant of the root's class. */
public final class PlantedFeature {

    public int port(PlantedWiring wiring) {
        return wiring == null ? 0 : PlantedWiring.PORT + 1;
    }
}
