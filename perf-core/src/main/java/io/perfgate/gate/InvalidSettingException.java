package io.perfgate.gate;

/**
 * A setting of the gate that makes no sense, such as a threshold of {@code -3%}. The message names the
 * setting (a {@code perf.*} property or a {@code <rule>} of the POM), the value, and the accepted form.
 */
public final class InvalidSettingException extends Exception {
    private static final long serialVersionUID = 1L;

    private final String setting;

    public InvalidSettingException(String setting, String message) {
        super(message);
        this.setting = setting;
    }

    /** The property name or rule field at fault, e.g. {@code perf.median.fail} or {@code rules[1].p95Fail}. */
    public String setting() {
        return setting;
    }
}
