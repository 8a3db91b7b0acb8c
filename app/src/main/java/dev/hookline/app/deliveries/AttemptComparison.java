package dev.hookline.app.deliveries;

import dev.hookline.app.compare.Comparison;
import dev.hookline.app.traffic.DetailWidgets;
import java.util.List;

/** Two attempts as a {@link Comparison}: request line, headers and body, then response status, headers and body. */
final class AttemptComparison {

    private AttemptComparison() {
    }

    static Comparison of(AttemptInspection left, AttemptInspection right) {
        return new Comparison("Pinned: attempt " + left.attemptId(), "Shown: attempt " + right.attemptId(), List.of(
                new Comparison.Section("Request", left.method() + " " + left.url(), right.method() + " " + right.url()),
                new Comparison.Section("Request headers", DetailWidgets.headerLines(left.requestHeaders()),
                        DetailWidgets.headerLines(right.requestHeaders())),
                new Comparison.Section("Request body", left.requestBody(), right.requestBody()),
                new Comparison.Section("Response", left.responseStatus() + lineIfAny(left.error()),
                        right.responseStatus() + lineIfAny(right.error())),
                new Comparison.Section("Response headers", DetailWidgets.headerLines(left.responseHeaders()),
                        DetailWidgets.headerLines(right.responseHeaders())),
                new Comparison.Section("Response body", left.responseBody(), right.responseBody())));
    }

    private static String lineIfAny(String error) {
        return error == null || error.isEmpty() ? "" : "\n" + error;
    }
}
