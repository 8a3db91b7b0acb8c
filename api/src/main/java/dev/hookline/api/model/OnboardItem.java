package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One row of a bulk onboarding ({@code POST /onboard}): an endpoint ({@code name}, {@code url}, optional basic auth)
 * and its subscription to {@code event_type} (all types when blank).
 */
@JsonPropertyOrder({"name", "url", "event_type", "auth_username", "auth_password"})
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OnboardItem(String name, String url, String eventType, String authUsername, String authPassword) {

    /** An endpoint subscribed to one event type ({@code null}: all), without authentication. */
    public static OnboardItem of(String name, String url, String eventType) {
        return new OnboardItem(name, url, eventType, null, null);
    }
}
