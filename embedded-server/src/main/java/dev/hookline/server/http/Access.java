package dev.hookline.server.http;

/** Who may call a route. */
public enum Access {
    /** No credentials (ingest, health). */
    PUBLIC,
    /** An instance or project API key ({@code Authorization: Bearer CO....}). */
    API_KEY,
    /** The instance API key only (instance administration, e.g. creating projects). */
    INSTANCE_KEY,
    /** A portal link token or refresh key ({@code /portal-api}). */
    PORTAL
}
