package dev.hookline.server.portal;

/**
 * {@code GET /portal-api/portal_link/info}: who the portal page is showing data for and what its holder may do.
 * Unlike {@code GET /portal-api/portal_link} it mints no refresh key and lists no endpoints, so the page can ask on
 * every load.
 */
public record PortalLinkInfo(String projectId, String projectName, String linkName, boolean canManageEndpoint,
                             String authType) {
}
