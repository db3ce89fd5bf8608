package com.example.quickstart;

/** The code under measurement: two ways to join words into a sentence. */
public final class Sentences {
    private Sentences() {
    }

    public static String withBuilder(String[] words) {
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
}
