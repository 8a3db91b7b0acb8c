package dev.hookline.server.store;

import java.sql.ResultSet;
import java.sql.SQLException;

/** Maps the current row of a result set to a value. */
@FunctionalInterface
public interface RowMapper<T> {
    T map(ResultSet rs) throws SQLException;
}
