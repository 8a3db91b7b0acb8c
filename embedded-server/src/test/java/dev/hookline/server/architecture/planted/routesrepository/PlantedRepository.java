package dev.hookline.server.architecture.planted.routesrepository;

/** The repository {@link PlantedRoutes} wrongly depends on. */
public final class PlantedRepository {

    public String find() {
        return "planted";
    }
}
