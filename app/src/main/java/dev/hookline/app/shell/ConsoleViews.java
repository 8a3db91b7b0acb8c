package dev.hookline.app.shell;

import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.console.ConsoleView;
import dev.hookline.app.console.NavigationTarget;
import dev.hookline.app.deliveries.DeliveriesView;
import dev.hookline.app.events.EventsView;
import dev.hookline.app.metaevents.MetaEventsView;
import java.util.Objects;
import java.util.function.Function;

/**
 * The one place mapping each sidebar entry to the factory of its view. Each feature adds exactly one
 * {@code case} line here; the exhaustive switch makes a forgotten entry a compile error.
 *
 * <p>Settings needs more than the session (theme, profiles, data directory), and project settings the connection's
 * project switcher, so their factories are handed in by the application.
 */
public final class ConsoleViews {

    private final Function<ConsoleSession, ConsoleView> settings;
    private final Function<ConsoleSession, ConsoleView> projectSettings;

    /** @param projectSettings also needs the connection's project switcher (create and delete move it) */
    public ConsoleViews(Function<ConsoleSession, ConsoleView> settings,
                        Function<ConsoleSession, ConsoleView> projectSettings) {
        this.settings = Objects.requireNonNull(settings, "settings");
        this.projectSettings = Objects.requireNonNull(projectSettings, "projectSettings");
    }

    public Function<ConsoleSession, ConsoleView> factory(NavigationTarget target) {
        return switch (target) {
            case DELIVERIES -> DeliveriesView::new;
            case EVENTS -> EventsView::new;
            case META_EVENTS -> MetaEventsView::new;
            case ENDPOINTS -> dev.hookline.app.endpoints.EndpointsView::new;
            case SOURCES -> dev.hookline.app.sources.SourcesView::new;
            case SUBSCRIPTIONS -> dev.hookline.app.subscriptions.SubscriptionsView::new;
            case EVENT_TYPES -> dev.hookline.app.eventtypes.EventTypesView::new;
            case PORTAL_LINKS -> dev.hookline.app.portallinks.PortalLinksView::new;
            case CAPTURE -> dev.hookline.app.capture.CaptureView::new;
            case PROJECT_SETTINGS -> projectSettings;
            case SETTINGS -> settings;
        };
    }
}
