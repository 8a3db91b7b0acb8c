package dev.hookline.server.architecture.planted.clean.feature;

/** A service given its repository through its constructor. */
public final class PlantedCleanService {

    private final PlantedCleanRepository repository;

    public PlantedCleanService(PlantedCleanRepository repository) {
        this.repository = repository;
    }

    public String describe() {
        return repository.find();
    }
}
