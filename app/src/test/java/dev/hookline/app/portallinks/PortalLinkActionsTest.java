package dev.hookline.app.portallinks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.PortalAuthType;
import dev.hookline.api.model.PortalLink;
import dev.hookline.api.model.PortalLinkRequest;
import dev.hookline.app.concurrent.SameThreadBackgroundTasks;
import dev.hookline.app.form.Form;
import dev.hookline.app.testing.EmbeddedServerFixture;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PortalLinkActionsTest {

    @TempDir
    Path dataDirectory;

    private EmbeddedServerFixture server;
    private Form form;
    private PortalLinkActions actions;

    @BeforeEach
    void start() {
        server = EmbeddedServerFixture.start(dataDirectory);
        form = new Form(new SameThreadBackgroundTasks(), failure -> { });
        actions = new PortalLinkActions(server::client, form);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void revokedLinkLeavesTheList() {
        PortalLink link = create(PortalAuthType.STATIC_TOKEN);
        AtomicBoolean revoked = new AtomicBoolean();

        actions.revoke(link, () -> revoked.set(true));

        assertTrue(revoked.get());
        assertTrue(server.client().listPortalLinks(ListQuery.ofPerPage(10)).content().isEmpty());
    }

    @Test
    void refreshTokenGivesAFreshKeyForRefreshTokenLinks() {
        PortalLink link = create(PortalAuthType.REFRESH_TOKEN);
        AtomicReference<String> key = new AtomicReference<>();
        assertTrue(PortalLinkActions.canRefresh(link));

        actions.refreshToken(link, key::set);

        assertTrue(key.get().startsWith("PRT."), key.get());
    }

    @Test
    void aStaticTokenLinkGetsAFreshKeyTooAsConvoysHandlerGivesOne() {
        PortalLink link = create(PortalAuthType.STATIC_TOKEN);
        AtomicReference<String> key = new AtomicReference<>();
        assertTrue(PortalLinkActions.canRefresh(link));
        assertFalse(PortalLinkActions.canRefresh(null), "nothing selected: nothing to refresh");

        actions.refreshToken(link, key::set);

        assertTrue(key.get().startsWith("PRT."), key.get());
    }

    private PortalLink create(PortalAuthType type) {
        return server.client().createPortalLink(new PortalLinkRequest("p", "owner", null, false, type));
    }
}
