package io.perfgate.gate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** The results are not fit to become a baseline (a partial run, a benchmark without forks ...). */
public final class BaselineRefusedException extends Exception {
    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public BaselineRefusedException(String message, List<String> problems) {
        super(message);
        this.problems = Collections.unmodifiableList(new ArrayList<>(problems));
    }

    /** Each reason on its own, e.g. {@code com.acme.B.m has no forks}. */
    public List<String> problems() {
        return problems;
    }
}
