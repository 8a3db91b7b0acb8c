package dev.hookline.server.architecture.planted.clean.feature;

/** A repository that depends on nothing above it. */
public final class PlantedCleanRepository {

    public String find() {
        return "planted";
    }
}
