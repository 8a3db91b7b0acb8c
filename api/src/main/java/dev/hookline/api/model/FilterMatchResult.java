package dev.hookline.api.model;

/** The answer of {@code POST /subscriptions/{id}/filters/test/{eventType}}. */
public record FilterMatchResult(boolean isMatch) {
}
