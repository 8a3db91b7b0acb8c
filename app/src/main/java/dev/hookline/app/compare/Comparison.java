package dev.hookline.app.compare;

import java.util.List;

/**
 * Two things to show side by side (two attempts, two events), as titled sections of text each.
 *
 * @param leftTitle  what the left side is, e.g. {@code attempt 01J… of delivery 01J…}
 * @param rightTitle the same for the right side
 */
public record Comparison(String leftTitle, String rightTitle, List<Section> sections) {

    /** One part of both, e.g. "Request body". */
    public record Section(String title, String left, String right) {
    }
}
