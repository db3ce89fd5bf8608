package io.perfgate.it.tez;

import io.perfgate.scenario.Scenario;
import io.perfgate.scenario.ScenarioContext;
import java.io.BufferedWriter;
import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.EnumSet;
import java.util.Random;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.tez.client.TezClient;
import org.apache.tez.common.counters.TaskCounter;
import org.apache.tez.common.counters.TezCounters;
import org.apache.tez.dag.api.TezConfiguration;
import org.apache.tez.dag.api.client.DAGClient;
import org.apache.tez.dag.api.client.DAGStatus;
import org.apache.tez.dag.api.client.StatusGetOpts;
import org.apache.tez.test.MiniTezCluster;

/**
 * Tez's OrderedWordCount on an in-process MiniDFSCluster and MiniTezCluster. Set-up starts both clusters,
 * writes a deterministic input file to HDFS and opens a Tez session; each run submits one DAG to that session
 * and waits for it; tear-down stops the session and both clusters.
 *
 * <p>Parameters: {@code inputMiB} (default 10), {@code partitions} of the summation vertex (2), and
 * {@code burnMicrosPerRecord} (0), a busy wait per input line in the tokenizer of measured runs that slows
 * the job down without changing its output.
 */
public class OrderedWordCountScenario implements Scenario {
    private MiniDFSCluster dfs;
    private MiniTezCluster tez;
    private TezClient session;
    private TezConfiguration tezConf;
    private Path input;
    private int runNumber;

    @Override
    public void setUp(ScenarioContext ctx) throws Exception {
        File base = ctx.workDirectory().toFile();
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, new File(base, "dfs").getAbsolutePath());
        dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).format(true).racks(null).build();
        FileSystem fs = dfs.getFileSystem();

        Configuration yarnConf = new Configuration(conf);
        yarnConf.set("fs.defaultFS", fs.getUri().toString());
        // Small containers: the AM and a few tasks fit beside the build on a small machine.
        yarnConf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 128);
        yarnConf.setInt(YarnConfiguration.NM_PMEM_MB, 4096);
        // When the plugin profiles this scenario, the AM and the task JVMs are profiled too: the job's cost is
        // theirs, not the client's.
        List<String> amProfiler = ctx.profilerJvmOptions("tez-am");
        List<String> taskProfiler = ctx.profilerJvmOptions("tez-task");
        // Stop quickly: containers are killed 100 ms after SIGTERM, and no logs are kept for later. A profiled JVM
        // needs longer to finish its recording (a task JVM killed mid-write leaves a file nobody can read), but
        // less than the 5 s the plugin waits for threads after tear-down: the NodeManager waits for each kill in a
        // non-daemon "Task killer" thread.
        yarnConf.setLong(YarnConfiguration.NM_SLEEP_DELAY_BEFORE_SIGKILL_MS, amProfiler.isEmpty() ? 100 : 3000);
        yarnConf.setLong(YarnConfiguration.NM_LOG_RETAIN_SECONDS, 0);
        // Containers are granted on NodeManager heartbeats: beat often so a DAG does not wait for them.
        yarnConf.setLong(YarnConfiguration.RM_NM_HEARTBEAT_INTERVAL_MS, 200);
        tez = new MiniTezCluster("perf-owc", 1, 1, 1);
        tez.init(yarnConf);
        tez.start();

        input = new Path("/perf/input/words.txt");
        long bytes = writeInput(fs, input, ctx.intParameter("inputMiB", 10) * 1024L * 1024L, 42L);
        System.out.println("wrote " + bytes + " bytes of words to " + input);

        tezConf = new TezConfiguration(tez.getConfig());
        tezConf.set(TezConfiguration.TEZ_AM_STAGING_DIR, "/perf/staging");
        tezConf.setBoolean(TezConfiguration.TEZ_AM_SESSION_MODE, true);
        // The AM's web UI service needs reflective access that JDK 17 refuses without --add-opens.
        tezConf.setBoolean("tez.am.tez-ui.webservice.enable", false);
        tezConf.setInt(TezConfiguration.TEZ_AM_RESOURCE_MEMORY_MB, 512);
        tezConf.setInt(TezConfiguration.TEZ_TASK_RESOURCE_MEMORY_MB, 512);
        // Short-lived JVMs on a small machine: one GC thread, and C1 only, which compiles far less.
        String jvmOptions = "-XX:+UseSerialGC -XX:TieredStopAtLevel=1";
        tezConf.set(TezConfiguration.TEZ_AM_LAUNCH_CMD_OPTS, withOptions(jvmOptions, amProfiler));
        tezConf.set(TezConfiguration.TEZ_TASK_LAUNCH_CMD_OPTS, withOptions(jvmOptions, taskProfiler));
        // Keep task containers between the DAGs of the session, so warm runs reuse warm JVMs.
        tezConf.setInt("tez.am.session.min.held-containers", 3);
        tezConf.setInt("tez.am.am-rm.heartbeat.interval-ms.max", 250);
        tezConf.setInt("tez.runtime.io.sort.mb", 64);
        // The client polls the AM for the DAG's state; the default 500 ms would round every run time up.
        tezConf.setLong("tez.dag.status.pollinterval-ms", 50);
        session = TezClient.create("perf-ordered-wordcount", tezConf, true);
        session.start();
        session.waitTillReady();
    }

    @Override
    public void run(ScenarioContext ctx) throws Exception {
        runNumber++;
        // The busy wait is a test's slowdown, not code to warm up: warm-up runs skip it (19 s a run at 400 us per
        // line), so they warm the cluster and the JIT as they would for the unslowed job.
        long burnMicros = ctx.isWarmup() ? 0 : ctx.longParameter("burnMicrosPerRecord", 0);
        long burnNanos = burnMicros * 1000L;
        String output = "/perf/output/run-" + runNumber;
        long t0 = System.nanoTime();
        DAGClient dag = session.submitDAG(OrderedWordCountDag.create(tezConf, input.toString(), output,
                ctx.intParameter("partitions", 2), burnNanos, "OrderedWordCount-" + runNumber));
        dag.waitForCompletion();
        double seconds = (System.nanoTime() - t0) / 1e9;
        DAGStatus status = dag.getDAGStatus(EnumSet.of(StatusGetOpts.GET_COUNTERS));
        if (status.getState() != DAGStatus.State.SUCCEEDED) {
            throw new IllegalStateException("OrderedWordCount ended " + status.getState() + ": "
                    + status.getDiagnostics());
        }
        TezCounters counters = dag.getVertexStatus(OrderedWordCountDag.TOKENIZER, EnumSet.of(StatusGetOpts.GET_COUNTERS))
                .getVertexCounters();
        long lines = counters.findCounter(TaskCounter.INPUT_RECORDS_PROCESSED).getValue();
        ctx.recordMetric("records", lines);
        ctx.recordMetric("throughput", lines / seconds);
        ctx.recordMetric("spilled.records",
                status.getDAGCounters().findCounter(TaskCounter.SPILLED_RECORDS).getValue());
    }

    @Override
    public void tearDown(ScenarioContext ctx) throws Exception {
        try {
            if (session != null) {
                session.stop();
            }
        } finally {
            try {
                if (tez != null) {
                    tez.stop();
                }
            } finally {
                if (dfs != null) {
                    dfs.shutdown();
                }
                FileSystem.closeAll();
            }
        }
    }

    private static String withOptions(String options, List<String> more) {
        return more.isEmpty() ? options : options + " " + String.join(" ", more);
    }

    /** Lines of 12 words drawn with a skew from a seeded vocabulary, so every run reads the same bytes. */
    static long writeInput(FileSystem fs, Path file, long targetBytes, long seed) throws IOException {
        Random random = new Random(seed);
        String[] vocabulary = new String[20_000];
        for (int i = 0; i < vocabulary.length; i++) {
            char[] word = new char[3 + random.nextInt(8)];
            for (int j = 0; j < word.length; j++) {
                word[j] = (char) ('a' + random.nextInt(26));
            }
            vocabulary[i] = new String(word);
        }
        long written = 0;
        try (Writer out = new BufferedWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.UTF_8),
                1 << 16)) {
            StringBuilder line = new StringBuilder();
            while (written < targetBytes) {
                line.setLength(0);
                for (int w = 0; w < 12; w++) {
                    double r = random.nextDouble();
                    line.append(w == 0 ? "" : " ").append(vocabulary[(int) (r * r * vocabulary.length)]);
                }
                line.append('\n');
                out.write(line.toString());
                written += line.length();
            }
        }
        return written;
    }
}
