// Issue 32 study: which Avro benchmarks perf.affected selects for the one-class patch, without measuring.
// In the plugin's package to reach AffectedBenchmarks; compile against the plugin jar:
//   javac -cp $JAR -d out study/tools/AffProbe.java && java -cp out:$JAR io.perfgate.premerge.AffProbe <candidate lang/java> <base lang/java>
package io.perfgate.premerge;
import java.nio.file.*; import java.util.*;
public class AffProbe {
  public static void main(String[] a) throws Exception {
    String C = a[0], B = a[1];
    Set<String> names = new TreeSet<>();
    for (String line : Files.readAllLines(Path.of(C, "perf/target/classes/META-INF/BenchmarkList"))) {
      // JMH BenchmarkList line: fields separated by spaces, the 2nd-ish is the user class + method; take the first token with 'perf.test'
      String[] t = line.split("\\s+"); if (t.length > 9) names.add(t[3] + "." + t[9]);
    }
    List<Path> cand = List.of(Path.of(C, "perf/target/classes"), Path.of(C, "avro/target/classes"));
    List<Path> base = List.of(Path.of(B, "perf/target/classes"), Path.of(B, "avro/target/classes"));
    AffectedBenchmarks.Selection s = AffectedBenchmarks.select(new ArrayList<>(names), cand, base);
    System.out.println("benchmarks " + names.size() + " changed " + s.changed);
    System.out.println("selected " + s.selected.size() + " skipped " + s.skipped.size());
    s.selected.forEach((k, v) -> System.out.println("  + " + k + ": " + v));
    s.skipped.forEach(k -> System.out.println("  - " + k));
  }
}
