package dev.hookline.server.filters;

/**
 * Text handed to a {@code $regex} that gives up after a fixed number of character reads. Java's regex engine
 * backtracks, so a pattern such as {@code (a+)+$} can take exponential time on a crafted payload, and payloads come
 * from outside; Convoy's RE2 is linear. Counting reads bounds the work of one match whatever the pattern, without
 * a timer or another thread.
 */
final class BoundedText implements CharSequence {

    /** Thrown when the budget is spent; the match counts as failed. */
    static final class BudgetExceeded extends RuntimeException {
        BudgetExceeded() {
            super("regular expression took too long", null, false, false);
        }
    }

    private final String text;
    private final int[] reads;
    private final int budget;

    private BoundedText(String text, int[] reads, int budget) {
        this.text = text;
        this.reads = reads;
        this.budget = budget;
    }

    /** A generous linear budget: a well-behaved pattern reads each character a few times at most. */
    static BoundedText of(String text) {
        return new BoundedText(text, new int[1], 100_000 + 100 * text.length());
    }

    @Override
    public char charAt(int index) {
        if (++reads[0] > budget) {
            throw new BudgetExceeded();
        }
        return text.charAt(index);
    }

    @Override
    public int length() {
        return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return new BoundedText(text.substring(start, end), reads, budget);
    }

    @Override
    public String toString() {
        return text;
    }
}
