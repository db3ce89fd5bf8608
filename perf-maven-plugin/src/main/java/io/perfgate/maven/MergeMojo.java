package io.perfgate.maven;

import io.perfgate.config.PerfProperties;
import io.perfgate.results.PerfResults;
import io.perfgate.results.Provenance;
import io.perfgate.results.ResultsFormatException;
import io.perfgate.results.ResultsJson;
import io.perfgate.shard.ShardException;
import io.perfgate.shard.ShardMerge;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Combines the results of the shards of one suite ({@code perf:run -Dperf.shard=K/N} on N CI agents) into the
 * results of the whole suite, so that {@code perf:check} judges it as one run: one multiplicity correction, one
 * list of new and missing benchmarks, one verdict. Run it where the agents' results files were gathered:
 * {@code mvn perf:merge perf:check}. It refuses shards that do not belong together, naming the file: a shard
 * missing or given twice, or measured with other settings, from another commit or with another plugin version.
 * Machine differences between agents are listed, not refused.
 *
 * @since 0.1.0
 */
@Mojo(name = "merge", threadSafe = true)
public class MergeMojo extends AbstractPerfMojo {
    /**
     * The directory holding one results file per shard, under any names ending in {@code .json}.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.SHARDS, defaultValue = PerfProperties.DEFAULT_SHARDS)
    private File shards;

    /**
     * Where the merged results are written, and where perf:check reads them.
     *
     * @since 0.1.0
     */
    @Parameter(property = PerfProperties.RESULTS, defaultValue = PerfProperties.DEFAULT_RESULTS)
    private File results;

    public MergeMojo() {
        super("merge");
    }

    @Override
    public void executeGoal() throws MojoExecutionException {
        Path output = results.toPath();
        ShardMerge.Merged merged;
        try {
            merged = ShardMerge.mergeDirectory(shards.toPath());
        } catch (ShardException e) {
            throw new MojoExecutionException("Cannot merge the shards: " + e.getMessage() + ". Nothing was written.",
                    e);
        } catch (ResultsFormatException e) {
            throw new MojoExecutionException(e.getMessage() + ". It was left as it is; measure that shard again with"
                    + " perf:run. Nothing was written.", e);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot read the shards in " + display(shards.toPath()) + ": "
                    + e.getMessage(), e);
        }
        merged.notes().forEach(note -> getLog().warn("The shards ran on different machines: " + note));
        if (merged.selectedNothing() != null) {
            getLog().info(merged.selectedNothing() + ".");
        }
        PerfResults suite = merged.results();
        try {
            ResultsJson.write(suite, output);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + display(output) + ": " + e.getMessage(), e);
        }
        int forks = suite.benchmarks().stream().mapToInt(b -> b.forks().size()).sum();
        getLog().info("Merged " + suite.provenance().get(Provenance.MERGED_FROM) + " into " + display(output) + ": "
                + suite.benchmarks().size() + " results, " + forks + " forks, status " + suite.status()
                + ". perf:check judges them as one run.");
    }
}
