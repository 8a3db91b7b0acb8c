package dev.hookline.server.store;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Timestamps are stored as INTEGER microseconds since the epoch (UTC). */
public final class Times {

    private Times() {
    }

    public static long toMicros(Instant instant) {
        return ChronoUnit.MICROS.between(Instant.EPOCH, instant);
    }

    public static Instant fromMicros(long micros) {
        return Instant.EPOCH.plus(micros, ChronoUnit.MICROS);
    }

    /** The column as an Instant, or null when SQL NULL. */
    public static Instant get(ResultSet rs, String column) throws SQLException {
        long value = rs.getLong(column);
        return rs.wasNull() ? null : fromMicros(value);
    }

    public static void set(PreparedStatement statement, int index, Instant instant) throws SQLException {
        if (instant == null) {
            statement.setNull(index, Types.INTEGER);
        } else {
            statement.setLong(index, toMicros(instant));
        }
    }
}
