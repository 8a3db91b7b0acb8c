package dev.hookline.app.portallinks;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.model.PortalLink;
import dev.hookline.app.form.Form;
import dev.hookline.app.form.RowActions;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** What the portal links table does to one link: revoke it, refresh its token. */
public final class PortalLinkActions extends RowActions {

    public PortalLinkActions(Supplier<ApiClient> client, Form form) {
        super(client, form);
    }

    /**
     * Every link can have a fresh, hour-long key minted (Convoy's handler does not look at the link's auth type; a
     * static-token link keeps its token, ADR 0030).
     */
    public static boolean canRefresh(PortalLink link) {
        return link != null;
    }

    /** Revokes the link (the view asks for confirmation first): its URL stops working. */
    public void revoke(PortalLink link, Runnable onDone) {
        String id = link.uid();
        send(api -> api.revokePortalLink(id), onDone);
    }

    /** Asks for a fresh auth key of the link; {@code onDone} gets the key to copy. */
    public void refreshToken(PortalLink link, Consumer<String> onDone) {
        ApiClient api = client.get();
        String id = link.uid();
        form.submit(() -> api.refreshPortalLinkToken(id), onDone);
    }
}
