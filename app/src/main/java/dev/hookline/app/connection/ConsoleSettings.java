package dev.hookline.app.connection;

import dev.hookline.app.theme.Theme;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the console remembers between runs (no secrets): the theme, the connection profiles (the embedded
 * one always first) and which one is active.
 */
public record ConsoleSettings(Theme theme, String activeProfileId, List<ConnectionProfile> profiles) {

    public ConsoleSettings {
        theme = theme == null ? Theme.LIGHT : theme;
        List<ConnectionProfile> clean = new ArrayList<>();
        ConnectionProfile embedded = null;
        for (ConnectionProfile profile : profiles == null ? List.<ConnectionProfile>of() : profiles) {
            if (profile == null) {
                continue;
            }
            if (profile.isEmbedded()) {
                embedded = embedded == null ? ConnectionProfile.embedded(profile.projectId()) : embedded;
            } else if (clean.stream().noneMatch(p -> p.id().equals(profile.id()))) {
                clean.add(profile);
            }
        }
        clean.addFirst(embedded == null ? ConnectionProfile.embedded(null) : embedded);
        profiles = List.copyOf(clean);
        String active = activeProfileId;
        activeProfileId = clean.stream().anyMatch(p -> p.id().equals(active)) ? active : ConnectionProfile.EMBEDDED_ID;
    }

    /** First start: light theme, the embedded server. */
    public static ConsoleSettings defaults() {
        return new ConsoleSettings(Theme.LIGHT, ConnectionProfile.EMBEDDED_ID, List.of());
    }

    public ConnectionProfile activeProfile() {
        return profile(activeProfileId).orElseThrow();
    }

    public Optional<ConnectionProfile> profile(String id) {
        return profiles.stream().filter(p -> p.id().equals(id)).findFirst();
    }

    public ConsoleSettings withTheme(Theme newTheme) {
        return new ConsoleSettings(newTheme, activeProfileId, profiles);
    }

    public ConsoleSettings withActive(String profileId) {
        return new ConsoleSettings(theme, profileId, profiles);
    }

    /** Adds {@code profile}, or replaces the one with its ID. */
    public ConsoleSettings withProfile(ConnectionProfile profile) {
        Objects.requireNonNull(profile, "profile");
        List<ConnectionProfile> next = new ArrayList<>(profiles);
        int index = -1;
        for (int i = 0; i < next.size(); i++) {
            if (next.get(i).id().equals(profile.id())) {
                index = i;
            }
        }
        if (index >= 0) {
            next.set(index, profile);
        } else {
            next.add(profile);
        }
        return new ConsoleSettings(theme, activeProfileId, next);
    }

    /** Removes a remote profile (the embedded one stays); the embedded one becomes active if it was active. */
    public ConsoleSettings withoutProfile(String profileId) {
        List<ConnectionProfile> next = profiles.stream()
                .filter(p -> p.isEmbedded() || !p.id().equals(profileId)).toList();
        return new ConsoleSettings(theme, activeProfileId, next);
    }
}
