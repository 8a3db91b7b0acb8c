package dev.hookline.app.projects;

import dev.hookline.api.model.ProjectConfig;
import dev.hookline.app.form.FormField;
import dev.hookline.app.form.Rules;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.SimpleBooleanProperty;

/**
 * The retention part of the project settings form (ADR 0032): whether events older than a period are deleted, and
 * the period as a Go duration ({@code 720h} is 30 days). A server whose projects have no retention policy (a remote
 * Convoy keeps it in its instance configuration) leaves it {@linkplain #availableProperty() unavailable}, and Save
 * then sends none. No controls; use on the FX thread.
 */
public final class RetentionSettings {

    /** Convoy's default: 30 days. */
    static final String DEFAULT_PERIOD = "720h";

    public final BooleanProperty enabled = new SimpleBooleanProperty(this, "enabled");
    public final FormField period = new FormField("Keep events for").required()
            .rule(Rules.goDuration("Keep events for"));
    private final ReadOnlyBooleanWrapper available = new ReadOnlyBooleanWrapper(this, "available");

    /** Whether the server keeps a retention policy per project (a Hookline server does). */
    public ReadOnlyBooleanProperty availableProperty() {
        return available.getReadOnlyProperty();
    }

    /** Shows {@code policy} as loaded; null: the server has none for projects. */
    void show(ProjectConfig.RetentionPolicy policy) {
        available.set(policy != null);
        enabled.set(policy != null && policy.deletes());
        period.set(policy == null || policy.policy() == null ? DEFAULT_PERIOD : policy.policy());
        period.clearError();
    }

    /** What Save sends: the policy as the form shows it, or null (leave as is) where the server has none. */
    ProjectConfig.RetentionPolicy policy() {
        return available.get() ? new ProjectConfig.RetentionPolicy(period.value(), enabled.get()) : null;
    }
}
