package dev.hookline.app.table;

import java.util.Locale;
import java.util.function.Function;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;
import javafx.util.Callback;

/**
 * A rounded label whose colour says how a status is doing: green for done, red for failed or stopped, amber for
 * waiting or retrying, accent for in progress. Colours come from the theme (table.css), so dark mode follows.
 */
public final class StatusPill extends Label {

    /** The colour family of a status. */
    public enum Tone {
        SUCCESS, DANGER, WARNING, ACCENT, NEUTRAL;

        String styleClass() {
            return "tone-" + name().toLowerCase(Locale.ROOT);
        }
    }

    public StatusPill() {
        getStyleClass().add("status-pill");
        setStatus(null);
    }

    public StatusPill(String status) {
        this();
        setStatus(status);
    }

    public void setStatus(String status) {
        setText(status == null ? "" : status);
        for (Tone tone : Tone.values()) {
            getStyleClass().remove(tone.styleClass());
        }
        getStyleClass().add(toneOf(status).styleClass());
    }

    /** The tone of the statuses of deliveries, events, endpoints, meta events, portal links and signature checks. */
    public static Tone toneOf(String status) {
        if (status == null) {
            return Tone.NEUTRAL;
        }
        return switch (status.toLowerCase(Locale.ROOT)) {
            case "success", "active", "enabled", "ok", "running", "valid" -> Tone.SUCCESS;
            case "failure", "failed", "discarded", "inactive", "disabled", "revoked", "expired", "invalid" ->
                    Tone.DANGER;
            case "retry", "retrying", "scheduled", "pending", "paused", "unsigned" -> Tone.WARNING;
            case "processing", "connecting" -> Tone.ACCENT;
            default -> Tone.NEUTRAL;
        };
    }

    /** A cell factory showing {@code status} of each row as a pill. */
    public static <S, V> Callback<TableColumn<S, V>, TableCell<S, V>> forTableColumn(Function<? super V, String> text) {
        return forTableColumn(text, row -> null);
    }

    /**
     * A cell factory showing {@code status} of each row as a pill, with {@code why} of the row (e.g. the reason a
     * delivery failed) as the cell's tooltip when it gives one.
     */
    public static <S, V> Callback<TableColumn<S, V>, TableCell<S, V>> forTableColumn(Function<? super V, String> text,
                                                                                    Function<? super S, String> why) {
        return column -> new TableCell<>() {
            private final StatusPill pill = new StatusPill();

            @Override
            protected void updateItem(V item, boolean empty) {
                super.updateItem(item, empty);
                String status = empty || item == null ? null : text.apply(item);
                if (status == null || status.isBlank()) {
                    setGraphic(null); // no status (e.g. a source without a broker consumer): no empty pill
                } else {
                    pill.setStatus(status);
                    setGraphic(pill);
                }
                S row = empty || getTableRow() == null ? null : getTableRow().getItem();
                String reason = row == null ? null : why.apply(row);
                setTooltip(reason == null || reason.isBlank() ? null : new Tooltip(reason));
            }
        };
    }
}
