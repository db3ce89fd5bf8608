package io.perfgate.mainline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BisectionTest {
    private static List<String> range(int n) {
        List<String> commits = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            commits.add("c" + i);
        }
        return commits;
    }

    /** Commit {@code culprit} and those after it are slow; {@code unbuildable} cannot be measured. */
    private static Bisection.Probe probe(List<String> range, int culprit, Set<String> unbuildable,
            List<String> tested) {
        return c -> {
            tested.add(c);
            if (unbuildable.contains(c)) {
                return Bisection.Finding.SKIPPED;
            }
            return range.indexOf(c) >= culprit ? Bisection.Finding.SLOW : Bisection.Finding.GOOD;
        };
    }

    @Test
    void findsTheFirstSlowCommitWherEverItIsInRangesOf1_2_5And8CommitsInAtMostLog2Steps() {
        for (int n : new int[] {1, 2, 5, 8}) {
            List<String> range = range(n);
            int most = (int) Math.ceil(Math.log(n) / Math.log(2));
            for (int culprit = 0; culprit < n; culprit++) {
                List<String> tested = new ArrayList<>();
                Bisection.Found found = Bisection.search(range, probe(range, culprit, Set.of(), tested));
                assertEquals("c" + culprit, found.culprit(), n + " commits, culprit " + culprit);
                assertEquals(tested.size(), found.steps());
                assertTrue(found.steps() <= most, n + " commits took " + found.steps() + " steps: " + tested);
                assertTrue(!tested.contains(range.get(n - 1)), "the last commit is known slow: not measured again");
            }
        }
    }

    @Test
    void takesTheExpectedSteps() {
        List<String> tested = new ArrayList<>();
        assertEquals(0, Bisection.search(range(1), probe(range(1), 0, Set.of(), tested)).steps(),
                "one commit is the culprit without a step");
        assertEquals(1, Bisection.search(range(2), probe(range(2), 0, Set.of(), tested)).steps());
        tested.clear();
        Bisection.Found five = Bisection.search(range(5), probe(range(5), 2, Set.of(), tested));
        assertEquals(List.of("c1", "c2"), tested, "halfway each time");
        assertEquals(2, five.steps());
        tested.clear();
        Bisection.Found eight = Bisection.search(range(8), probe(range(8), 5, Set.of(), tested));
        assertEquals(List.of("c3", "c5", "c4"), tested);
        assertEquals(3, eight.steps());
    }

    @Test
    void aCommitThatDoesNotBuildIsSkippedAsGitBisectSkipDoes() {
        List<String> range = range(5);
        List<String> tested = new ArrayList<>();
        Bisection.Found found = Bisection.search(range, probe(range, 3, Set.of("c1"), tested));
        assertEquals("c3", found.culprit());
        assertEquals(List.of("c1", "c0", "c2", "c3"), tested, "the untried commit nearest the middle instead");
        assertEquals(4, found.steps());
        assertEquals(List.of("c1"), found.skipped());
    }

    @Test
    void whenOnlySkippedCommitsAreLeftTheCulpritIsOneOfThemAndNotGuessed() {
        List<String> range = range(5);
        Bisection.Found found = Bisection.search(range, probe(range, 2, Set.of("c1"), new ArrayList<>()));
        assertNull(found.culprit());
        assertEquals(List.of("c1", "c2"), found.candidates());
        assertEquals(List.of("c1"), found.skipped());
    }
}
