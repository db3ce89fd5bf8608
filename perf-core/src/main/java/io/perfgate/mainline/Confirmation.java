package io.perfgate.mainline;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.perfgate.json.JsonFormatException;
import io.perfgate.json.JsonValue;
import io.perfgate.json.JsonWriting;

/**
 * What measuring a slowdown's two commits side by side found: confirmed or not (null: could not be measured, with
 * the reason), the side-by-side change with its interval and rounds, and, when the range held several commits, the
 * culprit the bisection named and its steps. Kept in {@code changes.json} under the change point, and in the
 * store's copy, so that a later build does not measure a confirmed point again.
 */
public final class Confirmation {
    private final Boolean confirmed;
    private final double change;
    private final double changeLow;
    private final double changeHigh;
    private final int rounds;
    private final String culprit;
    private final String culpritSubject;
    private final int commits;
    private final int bisectSteps;
    private final String note;

    Confirmation(Boolean confirmed, double change, double changeLow, double changeHigh, int rounds, String culprit,
            String culpritSubject, int commits, int bisectSteps, String note) {
        this.confirmed = confirmed;
        this.change = change;
        this.changeLow = changeLow;
        this.changeHigh = changeHigh;
        this.rounds = rounds;
        this.culprit = culprit;
        this.culpritSubject = culpritSubject;
        this.commits = commits;
        this.bisectSteps = bisectSteps;
        this.note = note;
    }

    /** Not measured: why (the commits are not in this repository, a build failed). */
    static Confirmation notMeasured(String why) {
        return new Confirmation(null, Double.NaN, Double.NaN, Double.NaN, 0, null, null, 0, 0, why);
    }

    /** True: slower side by side; false: not; null: not measured. */
    public Boolean confirmed() {
        return confirmed;
    }

    /** The side-by-side change of the last run before's commit to the first run after's, in the measured unit. */
    public double change() {
        return change;
    }

    public double changeLow() {
        return changeLow;
    }

    public double changeHigh() {
        return changeHigh;
    }

    public int rounds() {
        return rounds;
    }

    /** The first slow commit (the first run after's own when the range holds one commit); null when not found. */
    public String culprit() {
        return culprit;
    }

    public String culpritSubject() {
        return culpritSubject;
    }

    /** The commits in the range, after the last run before's commit up to the first run after's. */
    public int commits() {
        return commits;
    }

    public int bisectSteps() {
        return bisectSteps;
    }

    /** Why it was not measured, not confirmed, or the culprit not found; null when there is nothing to say. */
    public String note() {
        return note;
    }

    ObjectNode json() {
        ObjectNode n = JsonWriting.object();
        if (confirmed == null) {
            n.putNull("confirmed");
        } else {
            n.put("confirmed", confirmed);
        }
        JsonWriting.putNumberOrNull(n, "change", change);
        JsonWriting.putNumberOrNull(n, "changeLow", changeLow);
        JsonWriting.putNumberOrNull(n, "changeHigh", changeHigh);
        n.put("rounds", rounds);
        n.put("commits", commits);
        JsonWriting.putText(n, "culprit", culprit);
        JsonWriting.putText(n, "culpritSubject", culpritSubject);
        n.put("bisectSteps", bisectSteps);
        JsonWriting.putText(n, "note", note);
        return n;
    }

    /** @throws JsonFormatException naming the field that does not read */
    static Confirmation read(JsonValue n) throws JsonFormatException {
        JsonValue c = n.get("confirmed");
        Boolean confirmed = c.isPresent() ? c.bool() : null;
        return new Confirmation(confirmed, n.get("change").numberOrNaN(), n.get("changeLow").numberOrNaN(),
                n.get("changeHigh").numberOrNaN(), n.get("rounds").integer(), n.get("culprit").optionalText(),
                n.get("culpritSubject").optionalText(), n.get("commits").integer(), n.get("bisectSteps").integer(),
                n.get("note").optionalText());
    }
}
