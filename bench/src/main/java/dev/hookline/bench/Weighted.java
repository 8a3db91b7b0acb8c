package dev.hookline.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/** Picks values with given relative weights (a skewed choice: a few values get most of the picks). */
public final class Weighted<T> {

    private final List<T> values = new ArrayList<>();
    private final List<Double> cumulative = new ArrayList<>();
    private double total;

    /** Adds {@code value} with relative weight {@code weight} (> 0). */
    public Weighted<T> add(T value, double weight) {
        if (!(weight > 0)) {
            throw new IllegalArgumentException("weight must be positive, got " + weight);
        }
        total += weight;
        values.add(value);
        cumulative.add(total);
        return this;
    }

    /** Weights {@code 1 / rank^exponent} in list order: Zipf's law, the first value the most frequent. */
    public static <T> Weighted<T> zipf(List<T> ranked, double exponent) {
        Weighted<T> out = new Weighted<>();
        for (int i = 0; i < ranked.size(); i++) {
            out.add(ranked.get(i), 1.0 / Math.pow(i + 1, exponent));
        }
        return out;
    }

    public T pick(Random random) {
        if (values.isEmpty()) {
            throw new IllegalStateException("nothing to pick from");
        }
        double at = random.nextDouble() * total;
        for (int i = 0; i < cumulative.size(); i++) {
            if (at < cumulative.get(i)) {
                return values.get(i);
            }
        }
        return values.get(values.size() - 1);
    }

    /** Up to {@code count} different values, each drawn by weight from those not drawn yet. */
    public List<T> pickDistinct(Random random, int count) {
        List<T> left = new ArrayList<>(values);
        List<Double> weights = new ArrayList<>();
        for (int i = 0; i < cumulative.size(); i++) {
            weights.add(cumulative.get(i) - (i == 0 ? 0 : cumulative.get(i - 1)));
        }
        List<T> out = new ArrayList<>();
        while (out.size() < count && !left.isEmpty()) {
            double sum = weights.stream().mapToDouble(Double::doubleValue).sum();
            double at = random.nextDouble() * sum;
            int chosen = left.size() - 1;
            for (int i = 0; i < left.size(); i++) {
                at -= weights.get(i);
                if (at < 0) {
                    chosen = i;
                    break;
                }
            }
            out.add(left.remove(chosen));
            weights.remove(chosen);
        }
        return out;
    }

    public List<T> values() {
        return List.copyOf(values);
    }
}
