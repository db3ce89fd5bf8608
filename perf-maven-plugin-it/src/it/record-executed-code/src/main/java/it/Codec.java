package it;

/** The project's code: one method the benchmarks run, one they never call. */
public final class Codec {
    private Codec() {
    }

    public static int encode(int value, int rounds) {
        int h = value;
        for (int i = 0; i < rounds; i++) {
            h = h * 31 + i;
        }
        return h;
    }

    public static int decode(int value) {
        return value / 31;
    }
}
