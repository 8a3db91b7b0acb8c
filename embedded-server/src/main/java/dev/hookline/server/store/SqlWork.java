package dev.hookline.server.store;

import java.sql.Connection;
import java.sql.SQLException;

/** A unit of database work run on a connection the {@link Database} lends. */
@FunctionalInterface
public interface SqlWork<T> {
    T run(Connection connection) throws SQLException;
}
