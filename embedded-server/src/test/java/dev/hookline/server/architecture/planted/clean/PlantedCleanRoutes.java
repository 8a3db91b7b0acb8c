package dev.hookline.server.architecture.planted.clean;

import dev.hookline.server.architecture.planted.clean.feature.PlantedCleanService;

/** Planted code that keeps every rule: routes in the root call a service of a sub-package. */
public final class PlantedCleanRoutes {

    private final PlantedCleanService service;

    public PlantedCleanRoutes(PlantedCleanService service) {
        this.service = service;
    }

    public String handle() {
        return service.describe();
    }
}
