package io.perfgate.report;

/** Writes a {@link Methodology} in one markup. One implementation per {@link MethodologyFormat}. */
public interface MethodologyRenderer {
    /** The whole block, ending with a newline. */
    String render(Methodology methodology);
}
