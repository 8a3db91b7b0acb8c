package dev.hookline.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class WeightedTest {

    @Test
    void picksFollowTheWeights() {
        Weighted<String> w = new Weighted<String>().add("busy", 90).add("quiet", 10);
        Random random = new Random(1);
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < 10_000; i++) {
            counts.merge(w.pick(random), 1, Integer::sum);
        }
        assertTrue(counts.get("busy") > 8_500 && counts.get("busy") < 9_500, counts.toString());
    }

    @Test
    void zipfMakesTheFirstRankTheMostFrequent() {
        Weighted<Integer> w = Weighted.zipf(List.of(1, 2, 3, 4, 5, 6, 7, 8), 1.1);
        Random random = new Random(2);
        int[] counts = new int[9];
        for (int i = 0; i < 20_000; i++) {
            counts[w.pick(random)]++;
        }
        for (int rank = 1; rank < 8; rank++) {
            assertTrue(counts[rank] > counts[rank + 1], "rank " + rank + " more often than " + (rank + 1));
        }
    }

    @Test
    void distinctPicksNeverRepeatAndStopWhenEverythingIsPicked() {
        Weighted<String> w = new Weighted<String>().add("a", 100).add("b", 1).add("c", 1);
        List<String> picked = w.pickDistinct(new Random(3), 5);
        assertEquals(3, picked.size());
        assertEquals(3, new HashSet<>(picked).size());
    }

    @Test
    void weightsMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> new Weighted<String>().add("x", 0));
    }
}
