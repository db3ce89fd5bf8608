package it.core;

/** What the benchmark measures. */
public final class Words {
    private Words() {
    }

    public static int count(String text) {
        int words = 0;
        boolean inWord = false;
        for (int i = 0; i < text.length(); i++) {
            boolean letter = Character.isLetter(text.charAt(i));
            if (letter && !inWord) {
                words++;
            }
            inWord = letter;
        }
        return words;
    }
}
