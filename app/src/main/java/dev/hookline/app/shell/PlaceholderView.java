package dev.hookline.app.shell;

import atlantafx.base.theme.Styles;
import javafx.scene.Node;
import javafx.scene.control.Label;

/** Stands in for a view whose feature has not landed yet; each feature replaces its line in ConsoleViews. */
final class PlaceholderView implements ConsoleView {

    private final Label label;

    PlaceholderView(NavigationTarget target) {
        label = new Label(target.title() + " is not part of this build yet.");
        label.getStyleClass().add(Styles.TEXT_MUTED);
    }

    @Override
    public Node node() {
        return label;
    }

    @Override
    public void refresh() {
    }
}
