package dev.hookline.app.table;

import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.scene.Node;
import javafx.util.Duration;

/**
 * Polls a {@link PagedListModel} while its live tail is on and the table is on screen. Never faster than once a
 * second (a remote Convoy rate-limits, and a desktop repaint needs no more).
 */
public final class LiveTail {

    public static final Duration MIN_INTERVAL = Duration.seconds(1);

    private final Timeline timeline;

    public LiveTail(PagedListModel<?> model, Node shownWith, Duration interval) {
        Duration every = interval.lessThan(MIN_INTERVAL) ? MIN_INTERVAL : interval;
        timeline = new Timeline(new KeyFrame(every, event -> {
            if (shownWith.getScene() != null && shownWith.getScene().getWindow() != null
                    && shownWith.getScene().getWindow().isShowing()) {
                model.poll();
            }
        }));
        timeline.setCycleCount(Animation.INDEFINITE);
        model.liveTailProperty().subscribe(on -> {
            if (on) {
                timeline.play();
            } else {
                timeline.stop();
            }
        });
    }

    public LiveTail(PagedListModel<?> model, Node shownWith) {
        this(model, shownWith, MIN_INTERVAL);
    }

    public boolean isRunning() {
        return timeline.getStatus() == Animation.Status.RUNNING;
    }
}
