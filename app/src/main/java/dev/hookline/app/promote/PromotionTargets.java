package dev.hookline.app.promote;

import dev.hookline.api.client.ApiClient;
import java.io.IOException;
import java.util.List;

/** The connections a project can be promoted to (every saved one but the current), and how to reach one. */
public interface PromotionTargets {

    /** One connection: its profile ID and name. */
    record Target(String id, String name) {
        @Override
        public String toString() {
            return name;
        }
    }

    List<Target> targets();

    /** A client for the connection, not bound to a project (blocking: call it in the background). */
    ApiClient open(Target target) throws IOException;
}
