package dev.hookline.server.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Maps the current row of a result set to a value. */
@FunctionalInterface
public interface RowMapper<T> {
    T map(ResultSet rs) throws SQLException;

    /** Runs {@code query} (its parameters set) and maps every row it returns, in order. */
    static <T> List<T> all(PreparedStatement query, RowMapper<T> mapper) throws SQLException {
        List<T> out = new ArrayList<>();
        try (ResultSet rs = query.executeQuery()) {
            while (rs.next()) {
                out.add(mapper.map(rs));
            }
        }
        return out;
    }
}
