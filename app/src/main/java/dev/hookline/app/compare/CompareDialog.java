package dev.hookline.app.compare;

import atlantafx.base.theme.Styles;
import dev.hookline.app.fxml.Fxml;
import java.util.List;
import javafx.fxml.FXML;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.Modality;
import javafx.stage.Window;

/**
 * Two attempts or two events side by side, section by section: lines that differ are marked (changed, only on the
 * left, only on the right), and each section's heading says how many lines differ. Ids start with {@code compare-}.
 * The frame is {@code CompareDialog.fxml}; the sections are built here from the comparison.
 */
public final class CompareDialog extends Dialog<Void> {

    private final Comparison comparison;
    @FXML
    private Label leftTitle;
    @FXML
    private Label rightTitle;
    @FXML
    private Label summary;
    @FXML
    private VBox sections;

    public CompareDialog(Window owner, Comparison comparison) {
        this.comparison = comparison;
        setTitle("Compare");
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.NONE);
        setResizable(true);
        setDialogPane(Fxml.load(this));
        // a Dialog sizes its window from the pane only on some platforms: say the size once it is shown
        setOnShown(event -> {
            setWidth(Math.max(getWidth(), 1140));
            setHeight(Math.max(getHeight(), 780));
        });
    }

    /** One heading and one list of rows per section of the comparison (they come from the data, so from code). */
    @FXML
    private void initialize() {
        leftTitle.setText(comparison.leftTitle());
        rightTitle.setText(comparison.rightTitle());
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
            sections.getChildren().addAll(heading, list);
        }
        summary.setText(total == 0 ? "No differences." : total + (total == 1 ? " line differs" : " lines differ")
                + " in all.");
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
