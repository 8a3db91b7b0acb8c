package dev.hookline.server.architecture.planted.repositoryservice;

/** Planted violation: a repository that calls up into a service (ArchitectureRulesCatchViolationsTest). */
public final class PlantedRepository {

    public String find(PlantedService service) {
        return service.describe();
    }
}
