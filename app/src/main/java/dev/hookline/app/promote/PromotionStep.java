package dev.hookline.app.promote;

/**
 * One line of a promotion's dry run: what will happen to one piece of configuration on the target.
 *
 * @param kind   {@code Project settings}, {@code Source}, {@code Endpoint} or {@code Subscription}
 * @param name   its name (matched by name on the target)
 * @param action what the promotion will do
 * @param detail why, or what changes, in words
 */
public record PromotionStep(String kind, String name, Action action, String detail) {

    /** What a step does. */
    public enum Action {
        CREATE("create"), UPDATE("update"), UNCHANGED("unchanged"), SKIP("skip");

        private final String label;

        Action(String label) {
            this.label = label;
        }

        /** The word shown in the dry-run list. */
        public String label() {
            return label;
        }
    }
}
