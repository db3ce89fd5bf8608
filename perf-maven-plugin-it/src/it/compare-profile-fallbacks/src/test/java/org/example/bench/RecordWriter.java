package org.example.bench;

/** Copies records into an output buffer. */
public final class RecordWriter {
    private byte[] out = new byte[1 << 16];
    private int position;

    public int append(byte[] record) {
        byte[] buffer = out;
        if (position + record.length > buffer.length) {
            position = 0;
        }
        System.arraycopy(record, 0, buffer, position, record.length);
        position += record.length;
        return position;
    }
}
