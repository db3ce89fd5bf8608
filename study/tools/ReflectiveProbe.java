// Which of a project's classes perf.affected counts as reflective (ClassReferences.reflective), and from a start
// class the nearest paths to them. In the plugin's package to reach ClassReferences; compile against the plugin jar:
//   javac -cp $JAR -d out study/tools/ReflectiveProbe.java
//   java -cp out:$JAR io.perfgate.premerge.ReflectiveProbe <classes dir>...            (lists the reflective classes)
//   java -cp out:$JAR io.perfgate.premerge.ReflectiveProbe --from a/b/Start <classes dir>...   (paths to them)
package io.perfgate.premerge;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

public class ReflectiveProbe {
    public static void main(String[] a) throws Exception {
        if (a.length > 1 && a[0].equals("--from")) {
            List<Path> dirs = new ArrayList<>();
            for (int i = 2; i < a.length; i++) {
                dirs.add(Path.of(a[i]));
            }
            paths(a[1], dirs);
            return;
        }
        for (String dir : a) {
            List<Path> files;
            try (Stream<Path> w = Files.walk(Path.of(dir))) {
                files = w.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList());
            }
            int n = 0;
            for (Path f : files) {
                if (ClassReferences.read(Files.readAllBytes(f)).reflective()) {
                    n++;
                    System.out.println(Path.of(dir).relativize(f));
                }
            }
            System.out.println(dir + ": " + n + " of " + files.size() + " classes reflective");
        }
    }

    /** Breadth first from start, not through reflective classes: the path to each of the nearest six. */
    private static void paths(String start, List<Path> dirs) throws Exception {
        Map<String, String> parent = new LinkedHashMap<>();
        Deque<String> todo = new ArrayDeque<>();
        parent.put(start, null);
        todo.add(start);
        int shown = 0;
        while (!todo.isEmpty() && shown < 6) {
            String c = todo.poll();
            Path f = find(c, dirs);
            if (f == null) {
                continue;
            }
            ClassReferences r = ClassReferences.read(Files.readAllBytes(f));
            if (r.reflective()) {
                List<String> path = new ArrayList<>();
                for (String x = c; x != null; x = parent.get(x)) {
                    path.add(0, x.substring(x.lastIndexOf('/') + 1));
                }
                System.out.println(String.join(" -> ", path));
                shown++;
                continue;
            }
            for (String next : r.referenced()) {
                if (!parent.containsKey(next) && find(next, dirs) != null) {
                    parent.put(next, c);
                    todo.add(next);
                }
            }
        }
    }

    private static Path find(String name, List<Path> dirs) {
        for (Path d : dirs) {
            Path f = d.resolve(name + ".class");
            if (Files.isRegularFile(f)) {
                return f;
            }
        }
        return null;
    }
}
