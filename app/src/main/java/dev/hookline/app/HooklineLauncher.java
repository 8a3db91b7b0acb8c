package dev.hookline.app;

import javafx.application.Application;

/**
 * Entry point of the console.
 *
 * <p>The console runs on the class path, where the JavaFX launcher refuses a main class that itself extends
 * {@link Application}; this plain class hands over to {@link HooklineApp}.
 */
public final class HooklineLauncher {

    private HooklineLauncher() {
    }

    public static void main(String[] args) {
        Application.launch(HooklineApp.class, args);
    }
}
