package dev.hookline.app.shell;

import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.control.DialogEvent;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Makes a dialog modal to its owner inside the scene instead of through the window system.
 *
 * <p>JavaFX on Linux/GTK locks a disabled owner's size hints to its restored size while a window-modal dialog is
 * open; a window manager (openbox, and others honouring the hints) then un-maximizes the main window, or with JavaFX
 * 21 shrank it to 200x200 (issue 25). Here the dialog has no window-system modality; the owner's content is disabled
 * while the dialog shows, so the owner still takes no input, and the dialog stays above its owner.
 */
public final class OwnerModality {

    private OwnerModality() {
    }

    /** Call in the dialog's constructor, before it shows; {@code owner} may be null (then it is a plain dialog). */
    public static void apply(Dialog<?> dialog, Window owner) {
        dialog.initModality(Modality.NONE);
        if (owner == null) {
            return;
        }
        dialog.initOwner(owner);
        boolean[] disabledHere = {false};
        dialog.addEventHandler(DialogEvent.DIALOG_SHOWN, event -> {
            Parent root = root(owner);
            if (root != null && !root.isDisabled() && !root.disableProperty().isBound()) {
                root.setDisable(true);
                disabledHere[0] = true;
            }
        });
        dialog.addEventHandler(DialogEvent.DIALOG_HIDDEN, event -> {
            Parent root = root(owner);
            if (root != null && disabledHere[0]) {
                root.setDisable(false);
                disabledHere[0] = false;
            }
        });
    }

    private static Parent root(Window owner) {
        Scene scene = owner.getScene();
        return scene == null ? null : scene.getRoot();
    }
}
