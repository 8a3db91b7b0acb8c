package dev.hookline.app.connection;

import java.io.IOException;
import java.util.Optional;

/** Keeps the API keys of connection profiles, by profile ID. Implementations never log a secret. */
public interface SecretStore {

    /** Where the keys are kept, for the Settings view and the log (never a key). */
    String description();

    void store(String profileId, String secret) throws IOException;

    Optional<String> load(String profileId) throws IOException;

    void delete(String profileId) throws IOException;
}
