package dev.hookline.server.testing;

import dev.hookline.server.store.Database;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.util.concurrent.atomic.AtomicInteger;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * A disk that fills up on demand, at the JDBC boundary: while {@link #fillFor(int)} has commits left, each commit of
 * the write connection fails as SQLite's does when the disk is full: the transaction is rolled back and the commit
 * throws SQLITE_FULL. What the driver does after that (the auto-commit switch's own "commit;") is left real.
 */
public final class FullDisk implements Database.ConnectionFilter {

    private final AtomicInteger failingCommits = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();

    /** The next {@code commits} commits fail for lack of space. */
    public void fillFor(int commits) {
        failingCommits.set(commits);
    }

    /** Commits refused so far. */
    public int refused() {
        return failed.get();
    }

    public boolean full() {
        return failingCommits.get() > 0;
    }

    @Override
    public Connection wrap(Connection real) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[]{Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("commit") && failingCommits.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                        real.rollback(); // SQLite rolls the whole transaction back on SQLITE_FULL
                        failed.incrementAndGet();
                        throw new SQLiteException("[SQLITE_FULL] Insertion failed because database is full "
                                + "(database or disk is full)", SQLiteErrorCode.SQLITE_FULL);
                    }
                    try {
                        return method.invoke(real, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
