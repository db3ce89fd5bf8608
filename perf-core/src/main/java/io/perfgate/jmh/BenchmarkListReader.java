package io.perfgate.jmh;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads {@code META-INF/BenchmarkList}, the index that JMH's annotation processor writes, without JMH on the
 * plugin's classpath. Each line is {@code JMH } followed by tagged fields (see JMH's {@code BenchmarkListEntry}):
 * a tag letter, then a length-prefixed payload; {@code E} marks an annotation attribute that was not given.
 * The format has been stable since JMH 1.24.
 */
public final class BenchmarkListReader {
    /** Where JMH's annotation processor puts the list, relative to a class output directory. */
    public static final String RESOURCE = "META-INF/BenchmarkList";

    private static final String MAGIC = "JMH ";

    private BenchmarkListReader() {
    }

    public static List<BenchmarkEntry> read(Path file) throws IOException {
        return parse(new String(Files.readAllBytes(file), StandardCharsets.UTF_8), file.toString());
    }

    /** Parses the file's text; {@code source} names it in errors (an {@link IOException}, as for a bad file). */
    public static List<BenchmarkEntry> parse(String content, String source) throws IOException {
        List<BenchmarkEntry> entries = new ArrayList<>();
        String[] lines = content.split("\r?\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.trim().isEmpty() || line.startsWith("#")) {
                continue;
            }
            try {
                entries.add(new Line(line).entry());
            } catch (RuntimeException e) {
                throw new IOException(source + ", line " + (i + 1) + ": not a JMH benchmark list entry ("
                        + e.getMessage() + "). Was it written by a JMH version older than 1.24? Recompile the"
                        + " benchmarks with jmh-generator-annprocess 1.24 or newer.", e);
            }
        }
        return entries;
    }

    /** A cursor over one line. */
    private static final class Line {
        private final String text;
        private int pos;

        Line(String text) {
            if (!text.startsWith(MAGIC)) {
                throw new IllegalArgumentException("does not start with '" + MAGIC.trim() + "'");
            }
            this.text = text;
            this.pos = MAGIC.length();
        }

        BenchmarkEntry entry() {
            String userClass = string();
            string(); // the generated class
            String method = string();
            String modeName = string();
            JmhMode mode = JmhMode.find(modeName);
            if (mode == null) {
                throw new IllegalArgumentException("unknown mode '" + modeName + "'");
            }
            Integer threads = optionalInt();
            intArray(); // thread groups
            optionalStrings(); // thread group labels
            Integer warmupIterations = optionalInt();
            JmhTime warmupTime = optionalTime();
            optionalInt(); // warmup batch size
            Integer measurementIterations = optionalInt();
            JmhTime measurementTime = optionalTime();
            optionalInt(); // measurement batch size
            Integer forks = optionalInt();
            Integer warmupForks = optionalInt();
            optionalString(); // jvm
            optionalStrings(); // jvmArgs
            optionalStrings(); // jvmArgsPrepend
            optionalStrings(); // jvmArgsAppend
            Map<String, List<String>> params = optionalParams();
            String timeUnit = optionalTimeUnit();
            return new BenchmarkEntry(userClass, method, mode, threads, warmupIterations, warmupTime,
                    measurementIterations, measurementTime, forks, warmupForks, timeUnit, params);
        }

        private char tag() {
            char c = text.charAt(pos);
            pos += 2;
            return c;
        }

        private int length() {
            int start = pos;
            while (Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (start == pos) {
                throw new IllegalArgumentException("expected a length at column " + (start + 1));
            }
            int n = Integer.parseInt(text.substring(start, pos));
            pos++;
            return n;
        }

        private String payload() {
            int n = length();
            String s = text.substring(pos, pos + n);
            pos += n + 1;
            return s;
        }

        private void expect(char tag, char expected) {
            if (tag != expected) {
                throw new IllegalArgumentException("expected field type " + expected + " but found " + tag
                        + " at column " + (pos - 1));
            }
        }

        private String string() {
            expect(tag(), 'S');
            return payload();
        }

        private Integer optionalInt() {
            char tag = tag();
            if (tag == 'E') {
                return null;
            }
            expect(tag, 'I');
            return Integer.valueOf(payload());
        }

        private String optionalString() {
            char tag = tag();
            if (tag == 'E') {
                return null;
            }
            expect(tag, 'S');
            return payload();
        }

        private JmhTime optionalTime() {
            char tag = tag();
            if (tag == 'E') {
                return null;
            }
            expect(tag, 'T');
            String value = payload();
            return "single-shot".equals(value) ? JmhTime.of(0, java.util.concurrent.TimeUnit.SECONDS)
                    : JmhTime.parse(value);
        }

        private String optionalTimeUnit() {
            char tag = tag();
            if (tag == 'E') {
                return null;
            }
            expect(tag, 'U');
            String name = payload();
            switch (name) {
                case "NANOSECONDS":
                    return "ns";
                case "MICROSECONDS":
                    return "us";
                case "MILLISECONDS":
                    return "ms";
                case "SECONDS":
                    return "s";
                case "MINUTES":
                    return "m";
                case "HOURS":
                    return "h";
                default:
                    return name.toLowerCase(Locale.ROOT);
            }
        }

        private List<String> optionalStrings() {
            char tag = tag();
            if (tag == 'E') {
                return null;
            }
            expect(tag, 'L');
            int n = length();
            List<String> values = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                values.add(payload());
            }
            return values;
        }

        private void intArray() {
            expect(tag(), 'A');
            int n = length();
            for (int i = 0; i < n; i++) {
                payload();
            }
        }

        private Map<String, List<String>> optionalParams() {
            char tag = tag();
            if (tag == 'E') {
                return Collections.emptyMap();
            }
            expect(tag, 'M');
            int names = length();
            Map<String, List<String>> params = new LinkedHashMap<>();
            for (int i = 0; i < names; i++) {
                String name = payload();
                int count = length();
                String[] values = new String[count];
                for (int v = 0; v < count; v++) {
                    values[v] = Armor.decode(payload());
                }
                params.put(name, Collections.unmodifiableList(Arrays.asList(values)));
            }
            return params;
        }
    }

    /**
     * JMH's armour for {@code @Param} values (so that any character survives the line format): like Base64 over
     * the UTF-16 code units, little-endian, with the alphabet {@code A-Z a-z 0-9 + /} and {@code =} as padding.
     * Every 8 symbols carry 3 characters: two 24-bit groups, least significant 6 bits first.
     */
    static final class Armor {
        private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

        private Armor() {
        }

        static String decode(String armored) {
            if (armored.length() % 8 != 0) {
                throw new IllegalArgumentException("armoured @Param value of length " + armored.length()
                        + " is not a multiple of 8");
            }
            StringBuilder out = new StringBuilder();
            for (int group = 0; group < armored.length(); group += 8) {
                int symbols = 0;
                byte[] bytes = new byte[6];
                for (int half = 0; half < 2; half++) {
                    int bits = 0;
                    for (int k = 0; k < 4; k++) {
                        char c = armored.charAt(group + half * 4 + k);
                        if (c == '=') {
                            continue;
                        }
                        int value = ALPHABET.indexOf(c);
                        if (value < 0) {
                            throw new IllegalArgumentException("'" + c + "' is not an armour symbol");
                        }
                        bits |= value << (6 * k);
                        symbols++;
                    }
                    bytes[half * 3] = (byte) bits;
                    bytes[half * 3 + 1] = (byte) (bits >> 8);
                    bytes[half * 3 + 2] = (byte) (bits >> 16);
                }
                int chars = symbols == 8 ? 3 : symbols / 3;
                for (int c = 0; c < chars; c++) {
                    out.append((char) ((bytes[2 * c] & 0xFF) | (bytes[2 * c + 1] & 0xFF) << 8));
                }
            }
            return out.toString();
        }
    }
}
