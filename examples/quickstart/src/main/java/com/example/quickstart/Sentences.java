package com.example.quickstart;

/** The code under measurement: two ways to join words into a sentence. */
public final class Sentences {
    /**
     * The main job's stand-in for a patch that made {@link #withBuilder} slower: with
     * {@code -Dquickstart.patch=concat} in the benchmark JVMs it concatenates strings instead (see the demo profile
     * in pom.xml). Without it, nothing changes.
     */
    private static final boolean SLOWED = "concat".equals(System.getProperty("quickstart.patch"));

    private Sentences() {
    }

    public static String withBuilder(String[] words) {
        if (SLOWED) {
            return concatenated(words);
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words.length; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(words[i]);
        }
        return sb.toString();
    }

    public static String withJoin(String[] words) {
        return String.join(" ", words);
    }

    private static String concatenated(String[] words) {
        String sentence = "";
        for (int i = 0; i < words.length; i++) {
            sentence = i == 0 ? words[i] : sentence + " " + words[i];
        }
        return sentence;
    }
}
