package dev.hookline.app.console;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.feather.Feather;

/** The console's views, in sidebar order. */
public enum NavigationTarget {

    DELIVERIES("Deliveries", Feather.SEND, Group.TRAFFIC),
    EVENTS("Events", Feather.ZAP, Group.TRAFFIC),
    META_EVENTS("Meta events", Feather.ACTIVITY, Group.TRAFFIC),
    ENDPOINTS("Endpoints", Feather.TARGET, Group.CONFIGURATION),
    SOURCES("Sources", Feather.LOG_IN, Group.CONFIGURATION),
    SUBSCRIPTIONS("Subscriptions", Feather.GIT_MERGE, Group.CONFIGURATION),
    EVENT_TYPES("Event types", Feather.BOOK_OPEN, Group.CONFIGURATION),
    PORTAL_LINKS("Portal links", Feather.LINK, Group.CONFIGURATION),
    CAPTURE("Capture bins", Feather.INBOX, Group.CONFIGURATION),
    PROJECT_SETTINGS("Project settings", Feather.SLIDERS, Group.CONFIGURATION),
    SETTINGS("Settings", Feather.SETTINGS, Group.APPLICATION);

    /** Sidebar sections; a separator stands between two groups. */
    public enum Group { TRAFFIC, CONFIGURATION, APPLICATION }

    private final String title;
    private final Ikon icon;
    private final Group group;

    NavigationTarget(String title, Ikon icon, Group group) {
        this.title = title;
        this.icon = icon;
        this.group = group;
    }

    public String title() {
        return title;
    }

    public Ikon icon() {
        return icon;
    }

    public Group group() {
        return group;
    }

    /** Node id of this target's sidebar entry, e.g. {@code nav-meta-events}. */
    public String nodeId() {
        return "nav-" + name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
