package dev.hookline.app.capture;

import dev.hookline.api.client.ApiClient;
import dev.hookline.api.client.ApiException;
import dev.hookline.api.model.CaptureBin;
import dev.hookline.api.model.CaptureBinRequest;
import dev.hookline.api.model.CapturedRequest;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.concurrent.Failures;
import dev.hookline.app.console.ConsoleSession;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The capture view's state: the project's bins, the selected one, and the requests it got, newest first. All
 * calls go through the session's background tasks; every property changes on the FX thread.
 *
 * <p>{@link #poll()} asks only for requests newer than the last one shown ({@code after=<seq>}), so polling once a
 * second costs one small request.
 */
public final class CaptureViewModel {

    /** The answers offered for a bin, with their labels (any 200-599 is allowed by the server). */
    public static final List<Integer> STATUSES = List.of(200, 201, 202, 204, 400, 401, 404, 409, 429, 500, 502, 503);
    /** The delays offered: none, a little slow, slow, and longer than Convoy's default 10 s endpoint timeout. */
    public static final List<Long> DELAYS = List.of(0L, 1_000L, 5_000L, 15_000L);

    private final ConsoleSession session;
    private final ObservableList<CaptureBin> bins = FXCollections.observableArrayList();
    private final ObjectProperty<CaptureBin> selected = new SimpleObjectProperty<>();
    private final ObservableList<CapturedRequest> requests = FXCollections.observableArrayList();
    private final StringProperty message = new SimpleStringProperty("");
    private final BooleanProperty unavailable = new SimpleBooleanProperty();
    private final BooleanProperty busy = new SimpleBooleanProperty();
    private long lastSeq;
    private boolean polling;

    public CaptureViewModel(ConsoleSession session) {
        this.session = session;
        selected.addListener((o, before, now) -> {
            if (before == null || now == null || !before.uid().equals(now.uid())) {
                requests.clear();
                lastSeq = 0;
                poll();
            }
        });
    }

    public ObservableList<CaptureBin> bins() {
        return bins;
    }

    public ObjectProperty<CaptureBin> selectedProperty() {
        return selected;
    }

    /** Newest first. */
    public ObservableList<CapturedRequest> requests() {
        return requests;
    }

    /** What the last action did, or why it failed, in words. */
    public StringProperty messageProperty() {
        return message;
    }

    /** True when the connected server has no capture bins (a remote Convoy). */
    public BooleanProperty unavailableProperty() {
        return unavailable;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }

    /** Reloads the bins, keeping the selection when it still exists. */
    public void reload() {
        ApiClient client = session.client();
        if (client == null) {
            return;
        }
        session.tasks().run(client::listCaptureBins, loaded -> {
            unavailable.set(false);
            String keep = selected.get() == null ? null : selected.get().uid();
            bins.setAll(loaded);
            selected.set(loaded.stream().filter(b -> b.uid().equals(keep)).findFirst()
                    .orElse(loaded.isEmpty() ? null : loaded.getLast()));
        }, this::failed);
    }

    /**
     * Makes a bin and an endpoint whose URL is the bin's, so deliveries to that endpoint show up here at once; the
     * endpoint gets a generated secret, so the signature check has something to check.
     */
    public void createCaptureEndpoint(String name) {
        ApiClient client = session.client();
        String label = name == null || name.isBlank() ? null : name.strip();
        run(() -> {
            CaptureBin bin = client.createCaptureBin(new CaptureBinRequest(label, null, null));
            // a generated bin name already says "Capture …"
            String endpointName = bin.name().startsWith("Capture") ? bin.name() : "Capture: " + bin.name();
            Endpoint endpoint = client.createEndpoint(EndpointRequest.of(bin.url(), endpointName));
            return new Created(bin, endpoint);
        }, created -> {
            bins.add(created.bin());
            selected.set(created.bin());
            message.set("Endpoint \"" + created.endpoint().name() + "\" delivers to this bin. Send an event to it, "
                    + "or point any webhook sender at the URL.");
        });
    }

    private record Created(CaptureBin bin, Endpoint endpoint) {
    }

    /** Changes what the selected bin answers; the next request gets it. */
    public void setAnswer(Integer status, Long delayMs) {
        CaptureBin bin = selected.get();
        if (bin == null || (Objects.equals(status, bin.responseStatus())
                && Objects.equals(delayMs, bin.responseDelayMs()))) {
            return;
        }
        ApiClient client = session.client();
        run(() -> client.updateCaptureBin(bin.uid(), new CaptureBinRequest(null, status, delayMs)), updated -> {
            replace(updated);
            message.set("The bin now answers " + describe(updated.responseStatus(), updated.responseDelayMs()) + ".");
        });
    }

    public void clearRequests() {
        onSelectedBin(ApiClient::clearCapturedRequests, cleared -> {
            requests.clear();
            message.set("Cleared. New requests show up as they arrive.");
        });
    }

    /** Deletes the selected bin (endpoints pointing at it are left alone; their deliveries then fail with 404). */
    public void deleteSelected() {
        onSelectedBin(ApiClient::deleteCaptureBin, deleted -> {
            bins.removeIf(b -> b.uid().equals(deleted.uid()));
            selected.set(bins.isEmpty() ? null : bins.getLast());
            message.set("Deleted bin \"" + deleted.name() + "\".");
        });
    }

    /** Makes {@code call} about the selected bin (nothing when none is selected), then {@code done} with that bin. */
    private void onSelectedBin(BinCall call, java.util.function.Consumer<CaptureBin> done) {
        CaptureBin bin = selected.get();
        if (bin == null) {
            return;
        }
        ApiClient client = session.client();
        run(() -> {
            call.make(client, bin.uid());
            return bin;
        }, done);
    }

    /** A call about one bin whose answer says nothing new (the bin is still the one selected). */
    @FunctionalInterface
    private interface BinCall {
        void make(ApiClient client, String binId) throws Exception;
    }

    /** Fetches the selected bin's new requests (one poll in flight at a time). */
    public void poll() {
        CaptureBin bin = selected.get();
        ApiClient client = session.client();
        if (bin == null || client == null || polling) {
            return;
        }
        polling = true;
        long after = lastSeq;
        session.tasks().run(() -> client.listCapturedRequests(bin.uid(), after), got -> {
            polling = false;
            if (selected.get() == null || !selected.get().uid().equals(bin.uid())) {
                return;
            }
            for (CapturedRequest request : got) {
                if (request.seq() > lastSeq) {
                    requests.addFirst(request);
                    lastSeq = request.seq();
                }
            }
        }, failure -> {
            polling = false;
            failed(failure);
        });
    }

    /** {@code 200}, {@code 500 after 5 s}. */
    public static String describe(Integer status, Long delayMs) {
        return status + (delayMs == null || delayMs == 0 ? "" : " after " + seconds(delayMs));
    }

    static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private void replace(CaptureBin updated) {
        for (int i = 0; i < bins.size(); i++) {
            if (bins.get(i).uid().equals(updated.uid())) {
                bins.set(i, updated);
            }
        }
        selected.set(updated);
    }

    private <T> void run(java.util.concurrent.Callable<T> work, java.util.function.Consumer<T> done) {
        busy.set(true);
        message.set("");
        session.tasks().run(work, result -> {
            busy.set(false);
            done.accept(result);
        }, failure -> {
            busy.set(false);
            failed(failure);
        });
    }

    private void failed(Throwable failure) {
        if (failure instanceof ApiException api && api.status() == 404 && bins.isEmpty()) {
            unavailable.set(true);
            return;
        }
        if (!(failure instanceof ApiException)) {
            session.reportConnectionFailure(failure);
        }
        message.set(Failures.describe(failure));
    }
}
