package dev.hookline.app.theme;

import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;

/** The console's current theme: applied to every window as soon as it changes, and remembered. */
public final class ThemeController {

    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme");

    public ThemeController(Theme initial, Consumer<Theme> remember) {
        theme.set(initial);
        initial.apply();
        theme.addListener((o, before, now) -> {
            if (now == null) {
                theme.set(before);
                return;
            }
            now.apply();
            remember.accept(now);
        });
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }
}
