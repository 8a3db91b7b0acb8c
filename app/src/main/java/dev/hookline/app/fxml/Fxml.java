package dev.hookline.app.fxml;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.Objects;
import javafx.fxml.FXMLLoader;
import javafx.scene.Node;

/**
 * Loads a view's layout from the FXML file beside its class, with the view itself as the controller (as JabRef's
 * {@code ViewLoader} does). The file is {@code <SimpleClassName>.fxml} in the class's package under
 * {@code src/main/resources}; it names its controller ({@code fx:controller}) so Scene Builder can open it and
 * offer the {@code @FXML} fields. The view builds its view model first, then calls {@code load(this)}: the loader
 * injects the {@code @FXML} fields, calls the view's {@code initialize()} (where it binds the view model) and
 * returns the root. A view that is itself a node declares {@code <fx:root type="...">} and calls {@link #loadRoot}.
 */
public final class Fxml {

    private Fxml() {
    }

    /** The layout of {@code controller}'s class, controlled by {@code controller}. */
    public static <T extends Node> T load(Object controller) {
        return load(controller, null, controller.getClass().getSimpleName());
    }

    /** The layout {@code name}.fxml beside {@code controller}'s class (a view with more than one layout). */
    public static <T extends Node> T load(Object controller, String name) {
        return load(controller, null, name);
    }

    /** Fills {@code view} (the file's {@code fx:root}) with the layout of its class; {@code view} is the controller. */
    public static <T extends Node> T loadRoot(T view) {
        return load(view, view, view.getClass().getSimpleName());
    }

    private static <T extends Node> T load(Object controller, Node root, String name) {
        Class<?> type = controller.getClass();
        URL location = Objects.requireNonNull(type.getResource(name + ".fxml"),
                () -> "no " + name + ".fxml beside " + type.getName());
        FXMLLoader loader = new FXMLLoader(location);
        loader.setClassLoader(type.getClassLoader());
        loader.setControllerFactory(wanted -> {
            if (!wanted.isInstance(controller)) {
                throw new IllegalStateException(location + " names controller " + wanted.getName()
                        + ", but it is loaded for " + type.getName());
            }
            return controller;
        });
        if (root != null) {
            loader.setRoot(root);
        }
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load " + location, e);
        }
    }
}
