package dev.hookline.server.architecture.planted.cycle.b;

import dev.hookline.server.architecture.planted.cycle.a.PlantedA;

/** The other half of the planted sibling cycle. */
public final class PlantedB {

    public int value() {
        return new PlantedA().base();
    }
}
