package dev.hookline.app.compare;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.Objects;
import javafx.geometry.Insets;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Two attempts or two events side by side, section by section: lines that differ are marked (changed, only on the
 * left, only on the right), and each section's heading says how many lines differ. Ids start with {@code compare-}.
 */
public final class CompareDialog extends Dialog<Void> {

    public CompareDialog(Window owner, Comparison comparison) {
        setTitle("Compare");
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.NONE);
        setResizable(true);

        Label left = new Label(comparison.leftTitle());
        Label right = new Label(comparison.rightTitle());
        for (Label title : List.of(left, right)) {
            title.getStyleClass().add(Styles.TEXT_BOLD);
            title.setMaxWidth(Double.MAX_VALUE);
            HBox.setHgrow(title, Priority.ALWAYS);
        }
        left.setId("compare-left-title");
        right.setId("compare-right-title");
        VBox content = new VBox(10, new HBox(12, left, right));
        long total = 0;
        for (Comparison.Section section : comparison.sections()) {
            List<LineDiff.Row> rows = LineDiff.of(section.left(), section.right());
            long differences = LineDiff.differences(rows);
            total += differences;
            String id = "compare-" + section.title().toLowerCase(java.util.Locale.ROOT).replace(' ', '-');
            Label heading = new Label(section.title() + (differences == 0 ? ": the same"
                    : ": " + differences + (differences == 1 ? " line differs" : " lines differ")));
            heading.setId(id + "-heading");
            heading.getStyleClass().add(Styles.TITLE_4);
            ListView<LineDiff.Row> list = new ListView<>();
            list.setId(id);
            list.getItems().setAll(rows);
            list.setCellFactory(view -> new RowCell());
            list.setFixedCellSize(24);
            list.setPrefHeight(Math.min(320, 6 + 24 * Math.max(1, rows.size())));
            list.setPlaceholder(new Label("(empty on both sides)"));
            content.getChildren().addAll(heading, list);
        }
        Label summary = new Label(total == 0 ? "No differences." : total + (total == 1 ? " line differs" : " lines differ")
                + " in all.");
        summary.setId("compare-summary");
        content.getChildren().add(1, summary);
        content.setPadding(new Insets(4));
        content.getStylesheets().add(Objects.requireNonNull(CompareDialog.class.getResource("compare.css"),
                "compare.css").toExternalForm());
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setPrefSize(1100, 720);
        getDialogPane().setContent(scroll);
        getDialogPane().setPrefSize(1140, 780);
        // a Dialog sizes its window from the pane only on some platforms: say the size once it is shown
        setOnShown(event -> {
            setWidth(Math.max(getWidth(), 1140));
            setHeight(Math.max(getHeight(), 780));
        });
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
    }

    /** A row: the left line and the right line, each half of the width, coloured by what changed. */
    private static final class RowCell extends ListCell<LineDiff.Row> {
        private final Label left = new Label();
        private final Label right = new Label();
        private final HBox box = new HBox(12, left, right);

        RowCell() {
            for (Label side : List.of(left, right)) {
                side.getStyleClass().add("diff-line");
                side.setMaxWidth(Double.MAX_VALUE);
                side.setPrefWidth(100);
                HBox.setHgrow(side, Priority.ALWAYS);
            }
        }

        @Override
        protected void updateItem(LineDiff.Row row, boolean empty) {
            super.updateItem(row, empty);
            left.getStyleClass().removeAll("diff-removed", "diff-added");
            right.getStyleClass().removeAll("diff-removed", "diff-added");
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            left.setText(row.left() == null ? "" : row.left());
            right.setText(row.right() == null ? "" : row.right());
            if (row.kind() == LineDiff.Kind.CHANGED || row.kind() == LineDiff.Kind.ONLY_LEFT) {
                left.getStyleClass().add("diff-removed");
            }
            if (row.kind() == LineDiff.Kind.CHANGED || row.kind() == LineDiff.Kind.ONLY_RIGHT) {
                right.getStyleClass().add("diff-added");
            }
            setGraphic(box);
        }
    }
}
