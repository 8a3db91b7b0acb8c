package dev.hookline.server.architecture.planted.repositoryservice;

/** The service {@link PlantedRepository} wrongly depends on. */
public final class PlantedService {

    public String describe() {
        return "planted";
    }
}
