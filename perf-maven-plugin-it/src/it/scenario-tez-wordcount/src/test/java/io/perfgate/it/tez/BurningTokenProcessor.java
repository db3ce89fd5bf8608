package io.perfgate.it.tez;

import java.nio.ByteBuffer;
import java.util.StringTokenizer;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.tez.dag.api.UserPayload;
import org.apache.tez.runtime.api.ProcessorContext;
import org.apache.tez.runtime.library.api.KeyValueReader;
import org.apache.tez.runtime.library.api.KeyValueWriter;
import org.apache.tez.runtime.library.processor.SimpleProcessor;

/**
 * The tokenizer of OrderedWordCount (each word of each line becomes (word, 1)), plus an optional busy wait
 * per input record, so that a test can make the job measurably slower without changing its output. The wait
 * in nanoseconds per record comes in the processor's user payload (8 bytes, big-endian; absent = 0).
 */
public class BurningTokenProcessor extends SimpleProcessor {
    private static final IntWritable ONE = new IntWritable(1);

    public BurningTokenProcessor(ProcessorContext context) {
        super(context);
    }

    static UserPayload payload(long burnNanosPerRecord) {
        ByteBuffer b = ByteBuffer.allocate(8);
        b.putLong(0, burnNanosPerRecord);
        return UserPayload.create(b);
    }

    @Override
    public void run() throws Exception {
        long burnNanos = 0;
        UserPayload payload = getContext().getUserPayload();
        if (payload != null && payload.hasPayload() && payload.getPayload().remaining() >= 8) {
            burnNanos = payload.getPayload().getLong(0);
        }
        KeyValueReader reader = (KeyValueReader) getInputs().get(OrderedWordCountDag.INPUT).getReader();
        KeyValueWriter writer = (KeyValueWriter) getOutputs().get(OrderedWordCountDag.SUMMATION).getWriter();
        Text word = new Text();
        while (reader.next()) {
            StringTokenizer tokens = new StringTokenizer(reader.getCurrentValue().toString());
            while (tokens.hasMoreTokens()) {
                word.set(tokens.nextToken());
                writer.write(word, ONE);
            }
            if (burnNanos > 0) {
                long until = System.nanoTime() + burnNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
            }
        }
    }
}
