package dev.hookline.app.portallinks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.portallinks.PortalLinkFormViewModel.Scope;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortalLinkFormViewModelTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private PortalLinkFormViewModel form;
    private Endpoint first;
    private Endpoint second;
    private final List<Throwable> connectionFailures = new ArrayList<>();
    private final AtomicReference<PortalLink> saved = new AtomicReference<>();

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        first = server.client().createEndpoint(EndpointRequest.of("https://example.com/a", "a"));
        second = server.client().createEndpoint(EndpointRequest.of("https://example.com/b", "b"));
        form = new PortalLinkFormViewModel(new SameThreadBackgroundTasks(), server::client, connectionFailures::add);
        form.loadChoices();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void byOwnerIdNeedsNameAndOwnerIdAndSendsNothingWithout() {
        assertFalse(form.save(saved::set));

        assertEquals("Name is required", form.name.error());
        assertEquals("Owner ID is required", form.ownerId.error());
        assertEquals("", form.endpointsField.error());
        assertEquals(0, linkCount());
    }

    @Test
    void byEndpointListNeedsAtLeastOneEndpoint() {
        form.name.set("partner");
        form.scope.set(Scope.ENDPOINTS);

        assertFalse(form.save(saved::set));

        assertEquals("Pick at least one endpoint", form.endpointsField.error());
        assertEquals("", form.ownerId.error(), "the owner ID is not asked for with an endpoint list");
        assertEquals(0, linkCount());

        form.selectedEndpointIds.add(first.uid());
        assertEquals("", form.endpointsField.error(), "picking clears the message");
    }

    @Test
    void createsALinkByOwnerIdAndShowsItsUrlAndToken() {
        form.name.set("acme portal");
        form.ownerId.set("acme");
        form.canManageEndpoint.set(true);
        form.selectedEndpointIds.add(first.uid()); // picked before switching: must not be sent

        assertTrue(form.save(saved::set));

        PortalLink link = saved.get();
        assertEquals("acme", link.ownerId());
        assertEquals(true, link.canManageEndpoint());
        assertFalse(link.token().isBlank());
        assertTrue(link.url().contains(link.token()), link.url());
        assertEquals(link, form.editingProperty().get(), "the saved link stays on screen with its URL and token");
        assertNull(form.request().endpoints());
        assertEquals(1, linkCount());
    }

    @Test
    void createsALinkByEndpointList() {
        assertEquals(2, form.endpoints.size());
        form.name.set("two endpoints");
        form.scope.set(Scope.ENDPOINTS);
        form.selectedEndpointIds.setAll(first.uid(), second.uid());
        form.ownerId.set("ignored");
        form.authType.set(PortalAuthType.REFRESH_TOKEN);

        assertTrue(form.save(saved::set));

        PortalLink link = server.client().getPortalLink(saved.get().uid());
        assertEquals(List.of(first.uid(), second.uid()).stream().sorted().toList(),
                link.endpoints().stream().sorted().toList());
        assertEquals(PortalAuthType.REFRESH_TOKEN, link.authType());
        assertNull(form.request().ownerId());
    }

    @Test
    void editingRenamesTheLink() {
        form.name.set("old");
        form.ownerId.set("acme");
        form.save(saved::set);

        form.edit(server.client().getPortalLink(saved.get().uid()));
        assertEquals(Scope.OWNER_ID, form.scope.get());
        form.name.set("new");
        assertTrue(form.save(saved::set));

        assertEquals("new", server.client().getPortalLink(saved.get().uid()).name());
        assertEquals(1, linkCount());
    }

    private int linkCount() {
        return server.client().listPortalLinks(ListQuery.ofPerPage(100)).content().size();
    }
}
