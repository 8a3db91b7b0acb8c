package dev.hookline.app.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hookline.api.client.ListQuery;
import dev.hookline.api.model.Endpoint;
import dev.hookline.api.model.EndpointRequest;
import dev.hookline.app.testing.EmbeddedServerFixture;
import dev.hookline.app.testing.Screenshots;
import dev.hookline.app.testing.ViewHarness;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/** The table kit on screen, against a real embedded server. */
class PagedTableViewTest {

    @TempDir
    Path dataDirectory;

    private final FxRobot robot = new FxRobot();
    private EmbeddedServerFixture server;
    private PagedListModel<Endpoint> model;
    private PagedTableView<Endpoint> view;
    private Stage stage;

    @BeforeEach
    void show() throws Exception {
        server = EmbeddedServerFixture.start(dataDirectory);
        stage = FxToolkit.registerPrimaryStage();
        model = new PagedListModel<>(server.sameThreadSession(), (c, q) -> c.listEndpoints(q), Endpoint::uid);
        WaitForAsyncUtils.asyncFx(() -> {
            Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
            view = new PagedTableView<>(model, "No endpoints yet");
            view.addIdColumn("ID", Endpoint::uid);
            view.addColumn("Name", Endpoint::name);
            view.addStatusColumn("Status", Endpoint::status);
            view.addTimeColumn("Created", Endpoint::createdAt);
            view.enableLiveTail();
            view.enableExport("endpoints", List.of(ExportColumn.of("ID", Endpoint::uid)));
            stage.setScene(new Scene(view, 900, 420));
            stage.show();
        }).get(10, TimeUnit.SECONDS);
    }

    @AfterEach
    void close() throws TimeoutException {
        FxToolkit.cleanupStages();
        server.close();
    }

    private void createEndpoints(int count, String prefix) {
        for (int i = 0; i < count; i++) {
            server.client().createEndpoint(EndpointRequest.of("https://" + prefix + i + ".example", prefix + "-" + i));
        }
    }

    private void fx(Runnable action) throws Exception {
        WaitForAsyncUtils.asyncFx(action).get(10, TimeUnit.SECONDS);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void liveTailKeepsTheRowsTheUserReadsAndTheSelectionInPlace() throws Exception {
        createEndpoints(60, "old");
        fx(() -> {
            model.perPageProperty().set(60);
            model.reload();
        });
        fx(() -> view.table().scrollTo(30));
        fx(() -> view.table().getSelectionModel().select(32));
        int firstBefore = ScrollAnchor.firstVisibleIndex(view.table());
        String readingBefore = model.rows().get(firstBefore).uid();
        String selectedBefore = model.selectedProperty().get().uid();

        createEndpoints(3, "new");
        fx(model::poll);

        assertEquals(63, model.rows().size());
        int firstAfter = ScrollAnchor.firstVisibleIndex(view.table());
        assertEquals(readingBefore, model.rows().get(firstAfter).uid(), "the same row is still first on screen");
        assertEquals(selectedBefore, view.table().getSelectionModel().getSelectedItem().uid());
        assertEquals(selectedBefore, model.selectedProperty().get().uid());
    }

    @Test
    void atTheTopNewRowsAppearAndTheSelectionFollowsItsRow() throws Exception {
        createEndpoints(5, "old");
        fx(model::reload);
        fx(() -> view.table().getSelectionModel().select(1));
        String selected = model.selectedProperty().get().uid();

        createEndpoints(2, "new");
        fx(model::poll);

        assertEquals(0, ScrollAnchor.firstVisibleIndex(view.table()));
        assertEquals("new-1", model.rows().get(0).name());
        assertEquals(3, view.table().getSelectionModel().getSelectedIndex());
        assertEquals(selected, view.table().getSelectionModel().getSelectedItem().uid());
        Screenshots.save(stage.getScene(), "table-kit");
    }

    @Test
    void theLiveTailTimerRunsOnlyWhileLiveIsOn() throws Exception {
        assertFalse(view.isLiveTailRunning());
        robot.clickOn("#liveTail");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(model.liveTailProperty().get());
        assertTrue(view.isLiveTailRunning());

        createEndpoints(1, "tail");
        fx(model::reload);
        createEndpoints(1, "arrived");
        // the rows change on the FX thread: read them there, not between two of its changes
        ViewHarness.await("the new endpoint is on top",
                () -> !model.rows().isEmpty() && model.rows().get(0).name().equals("arrived-0"));

        robot.clickOn("#liveTail");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(view.isLiveTailRunning());
    }

    @Test
    void pagingButtonsFollowTheServersPages() throws Exception {
        createEndpoints(3, "e");
        fx(() -> {
            model.perPageProperty().set(2);
            model.reload();
        });
        Button previous = robot.lookup("#previousPage").queryButton();
        Button next = robot.lookup("#nextPage").queryButton();
        assertTrue(previous.isDisabled());
        assertFalse(next.isDisabled());

        robot.clickOn(next);
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals(List.of("e-0"), model.rows().stream().map(Endpoint::name).toList());
        assertFalse(previous.isDisabled());
        assertTrue(next.isDisabled());
        assertEquals("1 row", robot.lookup("#rowCount").queryAs(Label.class).getText());
    }

    @Test
    void aFailedLoadShowsTheServersMessage() throws Exception {
        fx(() -> {
            model.filterProperty().set(ListQuery.create().with("sort", "SIDEWAYS"));
            model.reload();
        });

        Label error = robot.lookup("#tableError").queryAs(Label.class);
        assertTrue(error.getParent().isVisible());
        assertTrue(error.getText().toLowerCase().contains("sort"), error.getText());
        Screenshots.save(view, "table-kit-error");

        createEndpoints(1, "back");
        fx(() -> model.filterProperty().set(ListQuery.create()));
        robot.clickOn(robot.lookup(".table-error .button").queryButton());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> model.rows().size() == 1);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(error.getParent().isVisible(), "Retry loaded the list, the error is gone");
    }

    @Test
    void exportOffersCsvAndJsonOnceThereAreRows() throws Exception {
        MenuButton export = robot.lookup("#exportMenu").queryAs(MenuButton.class);
        fx(() -> model.reload());
        assertTrue(export.isDisabled(), "nothing to export yet");
        assertEquals("Export", export.getText());
        assertEquals(List.of("exportCsv", "exportJson"), export.getItems().stream().map(MenuItem::getId).toList());
        assertEquals(List.of("CSV…", "JSON…"), export.getItems().stream().map(MenuItem::getText).toList());

        createEndpoints(2, "x");
        fx(() -> model.reload());
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> !export.isDisabled());
    }
}
