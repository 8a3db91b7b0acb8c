package dev.hookline.api.model;

import java.util.List;

/** The JSON body of {@code POST /onboard}: the rows to onboard (at most 1000). */
public record BulkOnboardRequest(List<OnboardItem> items) {
}
