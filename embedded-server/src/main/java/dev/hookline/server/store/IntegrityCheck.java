package dev.hookline.server.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * The start-up check: {@code PRAGMA quick_check} (the b-trees and their pages, without comparing indexes to tables,
 * so it reads the file once). A server that ran on a damaged file would fail later, one request at a time.
 */
final class IntegrityCheck {

    private static final int MAX_FINDINGS = 3;

    private IntegrityCheck() {
    }

    /** Returns when the file is sound; throws {@link DatabaseDamagedException} with SQLite's findings otherwise. */
    static void require(Connection c, Path file) {
        List<String> findings = new ArrayList<>();
        try (Statement statement = c.createStatement();
             ResultSet rows = statement.executeQuery("PRAGMA quick_check(" + MAX_FINDINGS + ")")) {
            while (rows.next()) {
                findings.add(rows.getString(1));
            }
        } catch (SQLException e) {
            if (damaged(e)) {
                throw new DatabaseDamagedException(file, e.getMessage(), e);
            }
            throw new StoreException("cannot check database " + file + ": " + StorageErrors.describe(e), e);
        }
        if (!(findings.size() == 1 && "ok".equals(findings.get(0)))) {
            throw new DatabaseDamagedException(file, "quick_check: " + String.join("; ", findings), null);
        }
    }

    /** True for SQLite's "malformed" and "not a database" failures. */
    static boolean damaged(SQLException e) {
        if (e instanceof SQLiteException sqlite) {
            SQLiteErrorCode code = sqlite.getResultCode();
            return code == SQLiteErrorCode.SQLITE_CORRUPT || code == SQLiteErrorCode.SQLITE_NOTADB
                    || code.name().startsWith("SQLITE_CORRUPT");
        }
        return false;
    }
}
