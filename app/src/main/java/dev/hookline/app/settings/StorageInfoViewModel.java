package dev.hookline.app.settings;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.StorageInfo;
import dev.hookline.app.concurrent.LatestTask;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.traffic.DetailWidgets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Settings' "Storage": how much disk the server's data directory takes and how far back the current project's events
 * go under its retention policy, from the server's {@code GET .../storage} (ADR 0032). The figures of the data
 * directory are the whole server's; the oldest event and the policy are the selected project's, because retention is
 * set per project. A server without the route (a remote Convoy) gets a sentence saying so. Use on the FX thread.
 */
public final class StorageInfoViewModel {

    private final ConsoleSession session;
    private final Clock clock;
    private final ReadOnlyStringWrapper size = new ReadOnlyStringWrapper(this, "size", "");
    private final ReadOnlyStringWrapper oldest = new ReadOnlyStringWrapper(this, "oldest", "");
    private final ReadOnlyStringWrapper retention = new ReadOnlyStringWrapper(this, "retention", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper(this, "loading");
    private final ReadOnlyStringWrapper compacted = new ReadOnlyStringWrapper(this, "compacted", "");
    private final ReadOnlyBooleanWrapper compacting = new ReadOnlyBooleanWrapper(this, "compacting");
    /** The figures on screen: when loads overlap, only the newest answer counts. */
    private final LatestTask figures;

    public StorageInfoViewModel(ConsoleSession session) {
        this(session, Clock.systemUTC());
    }

    StorageInfoViewModel(ConsoleSession session, Clock clock) {
        this.session = session;
        this.figures = new LatestTask(session.tasks());
        this.clock = clock;
        session.clientProperty().addListener((o, before, now) -> load());
    }

    /** Asks the server again (only the newest answer counts when loads overlap). */
    public void load() {
        ApiClient client = session.client();
        if (client == null) {
            return;
        }
        loading.set(true);
        figures.run(() -> new Loaded(client.storage(), client.getProject(client.projectId()).name()), loaded -> {
            loading.set(false);
            show(loaded.info(), loaded.projectName());
        }, failure -> {
            loading.set(false);
            fail(failure);
        });
    }

    /**
     * Gives the database's free pages back to the disk ({@code POST /api/v1/storage/compact}, the instance key), then
     * shows what it gave back and reads the figures again.
     */
    public void compact() {
        ApiClient client = session.client();
        if (client == null || compacting.get()) {
            return;
        }
        compacting.set(true);
        compacted.set("Compacting the database...");
        session.tasks().run(client::compactStorage, done -> {
            compacting.set(false);
            compacted.set("Compacted the database: " + BackupViewModel.humanBytes(done.bytesBefore()) + " -> "
                    + BackupViewModel.humanBytes(done.bytesAfter()) + " in " + done.durationMs() + " ms.");
            load();
        }, failure -> {
            compacting.set(false);
            ApiException api = apiException(failure);
            if (api != null && api.status() == 404) {
                compacted.set("This server cannot compact its storage (a remote Convoy has no such route).");
            } else if (api != null && (api.status() == 401 || api.status() == 403)) {
                compacted.set("Compacting needs the server's instance key; this connection uses a project key.");
            } else {
                session.reportConnectionFailure(failure);
                compacted.set("Could not compact the database: " + (api != null && api.serverMessage() != null
                        ? api.serverMessage() : String.valueOf(failure.getMessage())));
            }
        });
    }

    /** What the last Compact did (or why it could not), or empty. */
    public ReadOnlyStringProperty compactedProperty() {
        return compacted.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty compactingProperty() {
        return compacting.getReadOnlyProperty();
    }

    /** The figures and the name of the project they are for. */
    private record Loaded(StorageInfo info, String projectName) {
    }

    private void show(StorageInfo info, String projectName) {
        problem.set("");
        size.set("Data directory: " + BackupViewModel.humanBytes(info.dataDirectoryBytes()) + ", with "
                + BackupViewModel.humanBytes(info.freeDiskBytes()) + " left on the disk. The database and its log take "
                + BackupViewModel.humanBytes(info.databaseBytes()) + (info.reusableBytes() == 0 ? "." : ", of which "
                + BackupViewModel.humanBytes(info.reusableBytes()) + " is reclaimable: space deleted data left, which "
                + "new data fills before the file grows, or Compact gives back to the disk."));
        String project = "\"" + projectName + "\"";
        oldest.set(info.oldestEventAt() == null ? "Project " + project + " has no events."
                : "Oldest kept event of project " + project + ": " + DetailWidgets.time(info.oldestEventAt()) + " ("
                        + age(info.oldestEventAt()) + ").");
        retention.set(retentionText(info));
    }

    private String retentionText(StorageInfo info) {
        if (info.retentionPolicy() == null || !info.retentionPolicy().deletes()) {
            return "Retention is off: events are kept until the project is deleted. Turn it on in Project settings.";
        }
        StringBuilder text = new StringBuilder("Retention: events older than " + info.retentionPolicy().policy()
                + " are deleted in the background, hourly.");
        StorageInfo.Cleanup last = info.lastCleanup();
        if (last != null && last.events() == 0 && last.metaEvents() == 0) {
            text.append(" Last cleanup ").append(DetailWidgets.time(last.finishedAt())).append(": nothing was old "
                    + "enough");
            text.append(last.kept() > 0 ? " to go (" + last.kept() + " older events wait for their deliveries to "
                    + "settle)." : ".");
        } else if (last != null) {
            text.append(" Last cleanup ").append(DetailWidgets.time(last.finishedAt())).append(": ")
                    .append(last.events()).append(" events, ").append(last.deliveries()).append(" deliveries, ")
                    .append(last.attempts()).append(" attempts and ").append(last.metaEvents())
                    .append(" meta events deleted");
            if (last.kept() > 0) {
                text.append("; ").append(last.kept()).append(" older events wait for their deliveries to settle");
            }
            text.append('.');
        }
        return text.toString();
    }

    private void fail(Throwable failure) {
        size.set("");
        oldest.set("");
        retention.set("");
        ApiException api = apiException(failure);
        if (api != null && api.status() == 404) {
            problem.set("Storage figures are not available from this server (a remote Convoy has no such route).");
            return;
        }
        session.reportConnectionFailure(failure);
        problem.set("Could not read the storage figures: " + (api != null && api.serverMessage() != null
                ? api.serverMessage() : String.valueOf(failure.getMessage())));
    }

    private String age(Instant at) {
        Duration age = Duration.between(at, clock.instant());
        if (age.toDays() >= 1) {
            return age.toDays() + (age.toDays() == 1 ? " day ago" : " days ago");
        }
        if (age.toHours() >= 1) {
            return age.toHours() + (age.toHours() == 1 ? " hour ago" : " hours ago");
        }
        return "less than an hour ago";
    }

    private static ApiException apiException(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ApiException api) {
                return api;
            }
        }
        return null;
    }

    /** The data directory's size, the database's and the room left on the disk, in one sentence. */
    public ReadOnlyStringProperty sizeProperty() {
        return size.getReadOnlyProperty();
    }

    /** The selected project's oldest kept event and its age. */
    public ReadOnlyStringProperty oldestProperty() {
        return oldest.getReadOnlyProperty();
    }

    /** The project's retention policy and what its last cleanup deleted. */
    public ReadOnlyStringProperty retentionProperty() {
        return retention.getReadOnlyProperty();
    }

    /** Why there are no figures (another server, a failure), or empty. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }
}
