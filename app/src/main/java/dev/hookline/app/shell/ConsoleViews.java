package dev.hookline.app.shell;

import dev.hookline.app.deliveries.DeliveriesView;
import dev.hookline.app.events.EventsView;
import dev.hookline.app.metaevents.MetaEventsView;
import java.util.Objects;
import java.util.function.Function;

/**
 * The one place mapping each sidebar entry to the factory of its view. Each feature adds exactly one
 * {@code case} line here; the exhaustive switch makes a forgotten entry a compile error.
 *
 * <p>Settings needs more than the session (theme, profiles, data directory), so its factory is handed in by the
 * application.
 */
public final class ConsoleViews {

    private final Function<ConsoleSession, ConsoleView> settings;

    public ConsoleViews(Function<ConsoleSession, ConsoleView> settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
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
            case SETTINGS -> settings;
        };
    }
}
