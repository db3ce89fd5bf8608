package org.example.bench;

/**
 * Copies records into an output buffer. With -Dit.freshBuffer=true it allocates a fresh 1 KiB buffer per record
 * instead of reusing its own: the regression the baseline's stored profile must let perf:check attribute.
 */
public final class RecordWriter {
    private static final boolean FRESH_BUFFER = Boolean.getBoolean("it.freshBuffer");

    private byte[] out = new byte[1 << 16];
    private int position;

    public int append(byte[] record) {
        byte[] buffer = FRESH_BUFFER ? (out = new byte[1024]) : out;
        if (position + record.length > buffer.length) {
            position = 0;
        }
        System.arraycopy(record, 0, buffer, position, record.length);
        position += record.length;
        return position;
    }
}
