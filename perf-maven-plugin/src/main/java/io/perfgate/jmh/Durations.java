package io.perfgate.jmh;

import java.time.Duration;

/** Durations for people: {@code 45 s}, {@code 3 min 20 s}, {@code 1 h 05 min}. */
public final class Durations {
    private Durations() {
    }

    public static String format(Duration d) {
        long seconds = Math.max(0, (d.toMillis() + 500) / 1000);
        if (seconds < 60) {
            return d.toMillis() < 10_000 && d.toMillis() % 1000 != 0 ? String.format(java.util.Locale.ROOT, "%.1f s",
                    d.toMillis() / 1000.0) : seconds + " s";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            long s = seconds % 60;
            return s == 0 ? minutes + " min" : minutes + " min " + String.format("%02d", s) + " s";
        }
        long m = minutes % 60;
        return minutes / 60 + " h " + String.format("%02d", m) + " min";
    }
}
