package dev.hookline.server;

import dev.hookline.server.capture.CaptureBinRepository;
import dev.hookline.server.deliveries.AttemptRepository;
import dev.hookline.server.deliveries.DeliveryHolds;
import dev.hookline.server.deliveries.DeliveryRepository;
import dev.hookline.server.endpoints.EndpointRepository;
import dev.hookline.server.events.EventRepository;
import dev.hookline.server.events.SearchIndexer;
import dev.hookline.server.eventtypes.EventSchemas;
import dev.hookline.server.eventtypes.EventTypeRepository;
import dev.hookline.server.filters.FilterEngine;
import dev.hookline.server.filters.FilterRepository;
import dev.hookline.server.filters.SubscriptionFilterRows;
import dev.hookline.server.filters.SubscriptionMatch;
import dev.hookline.server.metaevents.MetaEventRepository;
import dev.hookline.server.portallinks.PortalLinkRepository;
import dev.hookline.server.projects.ProjectRepository;
import dev.hookline.server.sources.SourceRepository;
import dev.hookline.server.store.Store;
import dev.hookline.server.subscriptions.EventTypeFilterRows;
import dev.hookline.server.subscriptions.SubscriptionRepository;

/**
 * The server's repositories, one instance each, made together so a repository's caches and state live as long as
 * its database and no longer (docs/adr/0022). Only the wiring ({@link HooklineServer}) holds this: it passes each
 * service the repositories it uses, and nothing outside this package may depend on it (docs/adr/0041).
 *
 * @param filterRows keeps subscriptions' per-event-type filter rows in step with their filter_config (Convoy's rows)
 * @param subscriptionMatch whether a subscription wants an event (its filter rows and filter_config, compiled
 *                          filters cached)
 * @param eventSchemas the event types' JSON Schemas (checked on save, applied at intake), compiled forms cached
 */
public record Repositories(ProjectRepository projects, EndpointRepository endpoints, SourceRepository sources,
                           PortalLinkRepository portalLinks, MetaEventRepository metaEvents,
                           CaptureBinRepository captureBins, EventRepository events, DeliveryRepository deliveries,
                           AttemptRepository attempts, SubscriptionRepository subscriptions, FilterRepository filters,
                           FilterEngine filterEngine, SubscriptionMatch subscriptionMatch,
                           EventTypeRepository eventTypes, EventSchemas eventSchemas, EventTypeFilterRows filterRows) {

    /**
     * Makes every repository on {@code store}; events wait for {@code searchIndexer} before a text search, and
     * deliveries are shown with what {@code holds} them (the dispatcher's state).
     */
    static Repositories on(Store store, SearchIndexer searchIndexer, DeliveryHolds holds) {
        EndpointRepository endpoints = new EndpointRepository(store);
        FilterRepository filters = new FilterRepository();
        FilterEngine filterEngine = new FilterEngine();
        return new Repositories(new ProjectRepository(store), endpoints, new SourceRepository(store),
                new PortalLinkRepository(store, endpoints), new MetaEventRepository(store),
                new CaptureBinRepository(), new EventRepository(store, searchIndexer),
                new DeliveryRepository(store, holds), new AttemptRepository(store), new SubscriptionRepository(store),
                filters, filterEngine, new SubscriptionMatch(filters, filterEngine), new EventTypeRepository(),
                new EventSchemas(), new SubscriptionFilterRows(filters, store::newId));
    }
}
