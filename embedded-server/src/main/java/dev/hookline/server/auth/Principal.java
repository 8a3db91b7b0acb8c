package dev.hookline.server.auth;

/**
 * Who is calling.
 *
 * @param kind         instance key, project key, or portal link
 * @param projectId    the project a project key or portal link belongs to; null for the instance key
 * @param portalLinkId the portal link behind a portal token; null otherwise
 */
public record Principal(Kind kind, String projectId, String portalLinkId) {

    public enum Kind { INSTANCE, PROJECT, PORTAL }

    public static Principal instance() {
        return new Principal(Kind.INSTANCE, null, null);
    }

    public static Principal project(String projectId) {
        return new Principal(Kind.PROJECT, projectId, null);
    }

    public static Principal portal(String projectId, String portalLinkId) {
        return new Principal(Kind.PORTAL, projectId, portalLinkId);
    }

    /** True if this caller may act on {@code projectId} through the /api/v1 routes. */
    public boolean reachesProject(String projectId) {
        return kind == Kind.INSTANCE || (kind == Kind.PROJECT && this.projectId.equals(projectId));
    }
}
