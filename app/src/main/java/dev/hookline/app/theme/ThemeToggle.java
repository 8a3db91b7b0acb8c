package dev.hookline.app.theme;

import atlantafx.base.theme.Styles;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import org.kordamp.ikonli.feather.Feather;
import org.kordamp.ikonli.javafx.FontIcon;

/** The top bar's light/dark button: shows the theme it switches to. */
public final class ThemeToggle extends Button {

    public ThemeToggle(ObjectProperty<Theme> theme) {
        setId("themeToggle");
        getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        theme.subscribe(current -> {
            setGraphic(new FontIcon(current == Theme.LIGHT ? Feather.MOON : Feather.SUN));
            setTooltip(new Tooltip("Switch to the " + current.other().label().toLowerCase() + " theme"));
        });
        setOnAction(event -> theme.set(theme.get().other()));
    }
}
