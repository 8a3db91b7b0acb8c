package dev.hookline.server.endpoints;

import dev.hookline.api.model.Endpoint;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Which endpoints of a project a caller may touch: the whole project for API keys, a portal link's endpoints for a
 * portal token. Checked inside the write that changes the endpoint, so the answer and the change are consistent.
 */
@FunctionalInterface
public interface EndpointScope {

    /** Every endpoint of the project. */
    EndpointScope PROJECT = (c, endpoint) -> true;

    boolean contains(Connection c, Endpoint endpoint) throws SQLException;
}
