import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

import javax.xml.parsers.DocumentBuilderFactory;

import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The half of .ci/release-check that knows what Maven Central takes (run by that script as a single-file program,
 * so it needs only the JDK):
 *
 * <pre>
 *   java .ci/ReleaseCheck.java stage REACTOR_DIR STAGING_DIR   lays the release build's files out as Central does
 *   java .ci/ReleaseCheck.java check STAGING_DIR [--signed]    names every missing file or POM element; exit 1 if any
 * </pre>
 *
 * The staging directory has the repository layout (io/perfgate/ARTIFACT/VERSION/ARTIFACT-VERSION[-CLASSIFIER].EXT)
 * of the bundle that is uploaded to the Central Portal, so a bundle made any other way can be checked too.
 */
public final class ReleaseCheck {

    private static final String GROUP_ID = "io.perfgate";

    /** What this project publishes: the parent POM (the modules' POMs name it) and the two artifacts users take. */
    private static final List<Published> PUBLISHED = List.of(
            new Published(".", "perf-parent", false),
            new Published("perf-scenario-api", "perf-scenario-api", true),
            new Published("perf-maven-plugin", "perf-maven-plugin", true));

    /** Central's required POM elements, each a path below project/, beside name and description (checked apart). */
    private static final List<String> INHERITABLE_REQUIRED = List.of(
            "url", "licenses/license/name", "licenses/license/url", "developers/developer/name",
            "scm/connection", "scm/developerConnection", "scm/url", "issueManagement/url");

    private record Published(String moduleDir, String artifactId, boolean hasJar) {
    }

    private ReleaseCheck() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length >= 3 && args[0].equals("stage")) {
            stage(Paths.get(args[1]), Paths.get(args[2]));
        } else if (args.length >= 2 && args[0].equals("check")) {
            List<String> problems = check(Paths.get(args[1]), args.length > 2 && args[2].equals("--signed"));
            problems.forEach(problem -> System.err.println("release-check: MISSING " + problem));
            if (!problems.isEmpty()) {
                System.exit(1);
            }
        } else {
            System.err.println("usage: ReleaseCheck stage REACTOR_DIR STAGING_DIR | check STAGING_DIR [--signed]");
            System.exit(2);
        }
    }

    /** Copies what `deploy` would upload: each module's pom.xml as ARTIFACT-VERSION.pom, its attached files, .asc. */
    private static void stage(Path reactor, Path staging) throws Exception {
        String version = text(parse(reactor.resolve("pom.xml")), "version");
        for (Published published : PUBLISHED) {
            Path module = reactor.resolve(published.moduleDir());
            Path target = module.resolve("target");
            Path out = versionDir(staging, published.artifactId(), version);
            Files.createDirectories(out);
            String base = published.artifactId() + "-" + version;
            copyIfPresent(module.resolve("pom.xml"), out.resolve(base + ".pom"));
            // the parent's target/ holds a copy of the reactor's .buildinfo, which Maven attaches to the last module
            List<String> suffixes = published.hasJar()
                    ? List.of(".jar", "-sources.jar", "-javadoc.jar", ".buildinfo") : List.of();
            for (String suffix : suffixes) {
                copyIfPresent(target.resolve(base + suffix), out.resolve(base + suffix));
            }
            // cyclonedx-maven-plugin writes bom.json and attaches it under this name
            copyIfPresent(target.resolve("bom.json"), out.resolve(base + "-cyclonedx.json"));
            // maven-gpg-plugin signs the POM as target/ARTIFACT-VERSION.pom.asc
            copyIfPresent(target.resolve(base + ".pom.asc"), out.resolve(base + ".pom.asc"));
        }
        System.out.println("release-check: staged version " + version + " in " + staging);
    }

    private static List<String> check(Path staging, boolean signed) throws Exception {
        List<String> problems = new ArrayList<>();
        for (Published published : PUBLISHED) {
            Path artifactDir = staging.resolve(GROUP_ID.replace('.', '/')).resolve(published.artifactId());
            List<Path> versions = versionsIn(artifactDir);
            if (versions.size() != 1) {
                problems.add(GROUP_ID + ":" + published.artifactId() + ": expected one version directory under "
                        + artifactDir + ", found " + versions.size());
                continue;
            }
            Path dir = versions.get(0);
            String base = published.artifactId() + "-" + dir.getFileName();
            List<String> files = new ArrayList<>(List.of(base + ".pom"));
            if (published.hasJar()) {
                files.addAll(List.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar"));
            }
            for (String file : files) {
                Path path = dir.resolve(file);
                if (!Files.isRegularFile(path) || Files.size(path) == 0) {
                    problems.add(file + " (" + kind(file) + ") in " + dir);
                } else if (file.endsWith(".jar")) {
                    String expected = file.endsWith("-javadoc.jar") ? "index.html"
                            : file.endsWith("-sources.jar") ? ".java" : ".class";
                    if (!jarHolds(path, expected)) {
                        problems.add(file + " holds no " + expected + " file: the " + kind(file) + " is empty");
                    }
                }
                if (signed && !Files.isRegularFile(dir.resolve(file + ".asc"))) {
                    problems.add(file + ".asc (signature; signing was asked for with --signed)");
                }
            }
            Path pom = dir.resolve(base + ".pom");
            if (Files.isRegularFile(pom)) {
                problems.addAll(pomProblems(staging, pom));
            }
        }
        if (problems.isEmpty()) {
            System.out.println("release-check: OK, every artifact, sources and Javadoc jar and POM element Central "
                    + "requires is in " + staging + (signed ? ", all signed" : ""));
        }
        return problems;
    }

    /** name and description must be the POM's own (they describe the artifact); the rest may come from a parent. */
    private static List<String> pomProblems(Path staging, Path pom) throws Exception {
        List<String> problems = new ArrayList<>();
        Element project = parse(pom);
        for (String own : List.of("name", "description")) {
            if (text(project, own).isEmpty()) {
                problems.add("<" + own + "> in " + pom.getFileName() + " (Maven Central requires it)");
            }
        }
        List<Element> lineage = new ArrayList<>(List.of(project));
        for (Element parent = parentOf(staging, project); parent != null; parent = parentOf(staging, parent)) {
            lineage.add(parent);
        }
        for (String required : INHERITABLE_REQUIRED) {
            if (lineage.stream().allMatch(element -> text(element, required).isEmpty())) {
                problems.add("<" + required.replace("/", "><") + "> in " + pom.getFileName()
                        + " or a parent staged beside it (Maven Central requires it)");
            }
        }
        return problems;
    }

    private static Element parentOf(Path staging, Element project) throws Exception {
        String groupId = text(project, "parent/groupId");
        if (groupId.isEmpty()) {
            return null;
        }
        String artifactId = text(project, "parent/artifactId");
        String version = text(project, "parent/version");
        Path pom = versionDir(staging, artifactId, version).resolve(artifactId + "-" + version + ".pom");
        return groupId.equals(GROUP_ID) && Files.isRegularFile(pom) ? parse(pom) : null;
    }

    private static String kind(String file) {
        return file.endsWith("-sources.jar") ? "sources jar"
                : file.endsWith("-javadoc.jar") ? "Javadoc jar" : file.endsWith(".pom") ? "POM" : "jar";
    }

    private static boolean jarHolds(Path jar, String nameEnd) throws IOException {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            return zip.stream().map(ZipEntry::getName).anyMatch(name -> name.endsWith(nameEnd));
        }
    }

    private static Path versionDir(Path staging, String artifactId, String version) {
        return staging.resolve(GROUP_ID.replace('.', '/')).resolve(artifactId).resolve(version);
    }

    private static List<Path> versionsIn(Path artifactDir) throws IOException {
        if (!Files.isDirectory(artifactDir)) {
            return List.of();
        }
        try (Stream<Path> dirs = Files.list(artifactDir)) {
            return dirs.filter(Files::isDirectory).toList();
        }
    }

    /** Copies a file and, where maven-gpg-plugin wrote one beside it, its signature. */
    private static void copyIfPresent(Path from, Path to) throws IOException {
        if (Files.isRegularFile(from)) {
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path signature = from.resolveSibling(from.getFileName() + ".asc");
        if (!from.getFileName().toString().endsWith(".asc") && Files.isRegularFile(signature)) {
            Files.copy(signature, to.resolveSibling(to.getFileName() + ".asc"), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static Element parse(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    }

    /** The trimmed text of the first element at a slash-separated path of child names, or "" if there is none. */
    private static String text(Element from, String path) {
        Element current = from;
        for (String name : path.split("/")) {
            Element next = null;
            for (Node child = current.getFirstChild(); child != null && next == null; child = child.getNextSibling()) {
                if (child instanceof Element && ((Element) child).getTagName().equals(name)) {
                    next = (Element) child;
                }
            }
            if (next == null) {
                return "";
            }
            current = next;
        }
        return current.getTextContent().trim();
    }
}
