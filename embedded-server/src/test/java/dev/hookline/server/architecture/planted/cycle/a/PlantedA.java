package dev.hookline.server.architecture.planted.cycle.a;

import dev.hookline.server.architecture.planted.cycle.b.PlantedB;

/** Planted violation: two sibling packages that use each other (with {@link PlantedB}). */
public final class PlantedA {

    public int value(PlantedB b) {
        return b.value() + 1;
    }

    public int base() {
        return 1;
    }
}
