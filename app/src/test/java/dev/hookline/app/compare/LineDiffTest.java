package dev.hookline.app.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hookline.app.compare.LineDiff.Kind;
import dev.hookline.app.compare.LineDiff.Row;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineDiffTest {

    @Test
    void equalTextsHaveNoDifferences() {
        List<Row> rows = LineDiff.of("a\nb", "a\nb");
        assertEquals(List.of(new Row(Kind.SAME, "a", "a"), new Row(Kind.SAME, "b", "b")), rows);
        assertEquals(0, LineDiff.differences(rows));
    }

    @Test
    void aChangedLineSitsBesideItsReplacementAndTheRestLinesUp() {
        List<Row> rows = LineDiff.of("{\n  \"order\" : \"A-1\",\n  \"amount\" : 10\n}",
                "{\n  \"order\" : \"A-2\",\n  \"amount\" : 10,\n  \"note\" : \"x\"\n}");

        assertEquals(List.of(
                new Row(Kind.SAME, "{", "{"),
                new Row(Kind.CHANGED, "  \"order\" : \"A-1\",", "  \"order\" : \"A-2\","),
                new Row(Kind.CHANGED, "  \"amount\" : 10", "  \"amount\" : 10,"),
                new Row(Kind.ONLY_RIGHT, null, "  \"note\" : \"x\""),
                new Row(Kind.SAME, "}", "}")), rows);
        assertEquals(3, LineDiff.differences(rows));
    }

    @Test
    void linesOnlyOneSideHasAreMarkedSo() {
        assertEquals(List.of(new Row(Kind.SAME, "a", "a"), new Row(Kind.ONLY_LEFT, "b", null)),
                LineDiff.of("a\nb", "a"));
        assertEquals(List.of(new Row(Kind.ONLY_RIGHT, null, "x")), LineDiff.of("", "x"));
        assertEquals(List.of(), LineDiff.of(null, ""));
    }

    @Test
    void hugeTextsArePairedLineByLine() {
        String left = "x\n".repeat(LineDiff.MAX_LINES + 1);
        String right = "y\n" + "x\n".repeat(LineDiff.MAX_LINES);
        List<Row> rows = LineDiff.of(left, right);
        assertEquals(new Row(Kind.CHANGED, "x", "y"), rows.getFirst());
        assertEquals(1, LineDiff.differences(rows));
    }
}
