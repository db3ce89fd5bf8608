package io.perfgate.it.tez;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.tez.dag.api.DAG;
import org.apache.tez.dag.api.Edge;
import org.apache.tez.dag.api.ProcessorDescriptor;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.Vertex;
import org.apache.tez.examples.OrderedWordCount;
import org.apache.tez.mapreduce.input.MRInput;
import org.apache.tez.mapreduce.output.MROutput;
import org.apache.tez.runtime.library.conf.OrderedPartitionedKVEdgeConfig;
import org.apache.tez.runtime.library.partitioner.HashPartitioner;

/**
 * The DAG of Tez's OrderedWordCount example (tokenize, sum per word, sort by count into one file), built
 * with tez-examples' own SumProcessor and NoOpSorter; only the tokenizer is {@link BurningTokenProcessor}.
 * The vertex and input/output names are the ones those processors look up.
 */
final class OrderedWordCountDag {
    static final String INPUT = "Input";
    static final String OUTPUT = "Output";
    static final String TOKENIZER = "Tokenizer";
    static final String SUMMATION = "Summation";
    static final String SORTER = "Sorter";

    private OrderedWordCountDag() {
    }

    static DAG create(TezConfiguration conf, String input, String output, int partitions, long burnNanosPerRecord,
            String name) {
        Vertex tokenizer = Vertex.create(TOKENIZER, ProcessorDescriptor.create(BurningTokenProcessor.class.getName())
                .setUserPayload(BurningTokenProcessor.payload(burnNanosPerRecord)));
        tokenizer.addDataSource(INPUT,
                MRInput.createConfigBuilder(new Configuration(conf), TextInputFormat.class, input).build());
        Vertex summation = Vertex.create(SUMMATION,
                ProcessorDescriptor.create(OrderedWordCount.SumProcessor.class.getName()), partitions);
        Vertex sorter = Vertex.create(SORTER,
                ProcessorDescriptor.create(OrderedWordCount.NoOpSorter.class.getName()), 1);
        sorter.addDataSink(OUTPUT,
                MROutput.createConfigBuilder(new Configuration(conf), TextOutputFormat.class, output).build());
        OrderedPartitionedKVEdgeConfig byWord = OrderedPartitionedKVEdgeConfig
                .newBuilder(Text.class.getName(), IntWritable.class.getName(), HashPartitioner.class.getName())
                .setFromConfiguration(conf).build();
        OrderedPartitionedKVEdgeConfig byCount = OrderedPartitionedKVEdgeConfig
                .newBuilder(IntWritable.class.getName(), Text.class.getName(), HashPartitioner.class.getName())
                .setFromConfiguration(conf).build();
        return DAG.create(name)
                .addVertex(tokenizer).addVertex(summation).addVertex(sorter)
                .addEdge(Edge.create(tokenizer, summation, byWord.createDefaultEdgeProperty()))
                .addEdge(Edge.create(summation, sorter, byCount.createDefaultEdgeProperty()));
    }
}
