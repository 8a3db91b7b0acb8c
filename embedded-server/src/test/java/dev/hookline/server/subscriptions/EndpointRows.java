package dev.hookline.server.subscriptions;

import dev.hookline.api.model.EndpointAuthentication;
import dev.hookline.api.model.MtlsClientCert;
import dev.hookline.server.store.Store;
import dev.hookline.server.store.JsonColumns;
import dev.hookline.server.store.Times;
import dev.hookline.server.testing.TestServer;
import java.sql.PreparedStatement;

/**
 * Writes endpoint rows straight into the database, so subscription tests can set up stored auth and mTLS values
 * without going through the endpoints API's validation.
 */
final class EndpointRows {

    private EndpointRows() {
    }

    static String insert(TestServer server, String projectId, String name) {
        return insert(server, projectId, name, null, null);
    }

    static String insert(TestServer server, String projectId, String name, EndpointAuthentication auth,
                         MtlsClientCert mtls) {
        Store store = server.server().store();
        String id = store.newId();
        long now = Times.toMicros(store.now());
        store.db().write(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO endpoints(id, project_id, name, url, status, "
                    + "secrets, authentication, mtls_client_cert, created_at, updated_at) "
                    + "VALUES (?, ?, ?, ?, 'active', '[]', ?, ?, ?, ?)")) {
                s.setString(1, id);
                s.setString(2, projectId);
                s.setString(3, name);
                s.setString(4, "https://example.com/" + name);
                s.setString(5, JsonColumns.write(auth));
                s.setString(6, JsonColumns.write(mtls));
                s.setLong(7, now);
                s.setLong(8, now);
                return s.executeUpdate();
            }
        });
        return id;
    }
}
