package dev.hookline.server.architecture.planted.routesrepository;

/** Planted violation: routes that read a repository instead of calling a service. */
public final class PlantedRoutes {

    private final PlantedRepository repository = new PlantedRepository();

    public String handle() {
        return repository.find();
    }
}
