package dev.hookline.app.projects;

import dev.hookline.api.model.Project;

/**
 * What the project settings view tells the connection's project switcher: a project was made (switch to it) or
 * deleted (switch to another one). Implemented by the application over its connection manager.
 */
public interface ProjectDirectory {

    /** Lists {@code project} and makes it the current one. */
    void created(Project project);

    /** Forgets {@code project} and switches to another of the connection's projects, if there is one. */
    void deleted(Project project);
}
