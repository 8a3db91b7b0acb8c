package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/** Which kinds of resources a project has (Convoy's {@code statistics} of a project, its dashboard's onboarding). */
@JsonPropertyOrder({"endpoints_exist", "events_exist", "sources_exist", "subscriptions_exist"})
public record ProjectStatistics(boolean endpointsExist, boolean eventsExist, boolean sourcesExist,
                                boolean subscriptionsExist) {
}
