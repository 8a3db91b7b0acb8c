package dev.hookline.api.model;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * Body of portal-link create and update: {@code name} (and on create {@code owner_id}) required; {@code endpoints}
 * is Convoy's deprecated explicit list; a null {@code auth_type} means {@code static_token}.
 */
@JsonPropertyOrder({"name", "owner_id", "endpoints", "can_manage_endpoint", "auth_type"})
public record PortalLinkRequest(String name, String ownerId, List<String> endpoints, Boolean canManageEndpoint,
                                PortalAuthType authType) {
}
