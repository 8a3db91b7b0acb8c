package dev.hookline.app.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.application.Application;

/** The console's two looks; applied application-wide as the user agent stylesheet. */
public enum Theme {
    LIGHT("Light", new PrimerLight().getUserAgentStylesheet()),
    DARK("Dark", new PrimerDark().getUserAgentStylesheet());

    private final String label;
    private final String stylesheet;

    Theme(String label, String stylesheet) {
        this.label = label;
        this.stylesheet = stylesheet;
    }

    public String label() {
        return label;
    }

    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }

    /** Makes this the look of every window. Call on the FX thread. */
    public void apply() {
        Application.setUserAgentStylesheet(stylesheet);
    }

    @Override
    public String toString() {
        return label;
    }
}
