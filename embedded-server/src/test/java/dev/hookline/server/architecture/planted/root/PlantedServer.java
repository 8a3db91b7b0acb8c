package dev.hookline.server.architecture.planted.root;

/** A planted root package: the wiring, which (wrongly) hands itself to a feature as a locator. */
public final class PlantedServer {

    public String name() {
        return "planted";
    }
}
