package io.perfgate.jmh;

import io.perfgate.text.Ellipsis;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Splitting option strings into arguments, and writing arguments back for people and shells. */
public final class CommandLines {
    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private CommandLines() {
    }

    /**
     * Splits at whitespace; single or double quotes keep an argument with spaces together
     * ({@code -Dx="a b"} is one argument {@code -Dx=a b}). Throws {@link IllegalArgumentException} on an
     * unclosed quote; a user's option goes through {@link #option} instead, which names the property.
     */
    public static List<String> split(String text) {
        List<String> args = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean inArgument = false;
        char quote = 0;
        int opened = -1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    current.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                opened = i;
                inArgument = true;
            } else if (Character.isWhitespace(c)) {
                if (inArgument) {
                    args.add(current.toString());
                    current.setLength(0);
                    inArgument = false;
                }
            } else {
                current.append(c);
                inArgument = true;
            }
        }
        if (quote != 0) {
            throw new IllegalArgumentException("the " + quote + " quote at character " + (opened + 1)
                    + " is not closed");
        }
        if (inArgument) {
            args.add(current.toString());
        }
        return args;
    }

    /**
     * The arguments a user gave in option {@code property} (perf.jvmArgs, perf.jmhArgs, perf.baselineJvmArgs, an
     * entry of perf.treatments), split as {@link #split} does. The one rule for all of them: an unclosed quote is
     * refused naming the property, the value (cut to a log line's length) and where the quote opens, with an
     * example of the accepted form.
     *
     * @param example a value of the accepted form, as typed after {@code -D<property>=}
     */
    public static List<String> option(String property, String value, String example) throws InvalidOptionException {
        try {
            return split(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidOptionException(property + "=" + Ellipsis.of(value) + " is not a list of arguments"
                    + " separated by spaces (" + e.getMessage() + "); example: -D" + property + "=" + example);
        }
    }

    /** The inverse of {@link #split}: arguments with spaces or quotes get quoted. */
    public static String join(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String arg : args) {
            if (sb.length() > 0) {
                sb.append(' ');
            }
            if (!arg.isEmpty() && arg.chars().noneMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\'')) {
                sb.append(arg);
            } else if (arg.indexOf('"') < 0) {
                sb.append('"').append(arg).append('"');
            } else {
                sb.append('\'').append(arg).append('\'');
            }
        }
        return sb.toString();
    }

    /** {@code arg} as a POSIX shell reads it back: unchanged when safe, else in single quotes. */
    public static String shellQuote(String arg) {
        if (SHELL_SAFE.matcher(arg).matches()) {
            return arg;
        }
        return "'" + arg.replace("'", "'\\''") + "'";
    }

    /** The arguments as one shell command line. */
    public static String toShell(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String arg : args) {
            sb.append(sb.length() == 0 ? "" : " ").append(shellQuote(arg));
        }
        return sb.toString();
    }
}
