package dev.hookline.app.smoke;

import dev.hookline.app.connection.ConnectionManager;
import dev.hookline.app.console.ConsoleSession;
import dev.hookline.app.shell.ShellView;
import javafx.stage.Stage;

/**
 * The console as the smoke check drives it: started on a stage and stopped like the toolkit does it, and looked into
 * to follow the event it sends. The launcher hands the check a way to make one ({@code HooklineApp} is one), so this
 * package does not depend on the package that launches it.
 */
public interface CheckedConsole {

    void init() throws Exception;

    void start(Stage stage) throws Exception;

    void stop() throws Exception;

    ConsoleSession session();

    ConnectionManager connections();

    ShellView shell();
}
