package io.perfgate.affected;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.AnnotationNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * The methods of the project's own code that a patch changes: what {@code perf.affected} checks each benchmark's
 * recorded methods ({@link ExecutedCode}) against. Both sides' classes are read from the directories on their
 * classpaths ({@link AffectedBenchmarks.Side}); a class whose bytes are the same is unchanged, and in one whose bytes
 * differ each method is compared by its instructions (ASM's tree API), not its bytes: line numbers, local variable
 * names, stack map frames and the order of the constant pool do not count, so a method whose lines only moved is
 * unchanged.
 *
 * <ul>
 * <li>A method whose instructions, exception handlers, access flags or runtime-visible annotations differ is
 * changed; so is one the candidate no longer has (the base's benchmarks ran it). A changed static initialiser is the
 * method {@code <clinit>} changed.</li>
 * <li>A change to the class itself that alters behaviour with no method body changed (its superclass, interfaces,
 * access flags, runtime-visible annotations, or a field's access, constant value or annotations) counts as every
 * method of the class changed; so does a class the candidate no longer has.</li>
 * <li>A field added or removed changes nothing by itself: the code that reads or writes it (its initialiser
 * included) changed and counts. The objects' size it changes moves allocation by a few bytes per object, within the
 * gate's allocation tolerance.</li>
 * <li>A method the candidate adds changes nothing by itself (its callers changed, and count), unless calls that
 * did not name it may now reach it: it overrides (or hides) a method of a supertype, it is a new static initialiser,
 * or it carries a runtime-visible annotation (code such as JMH finds and calls such methods by it). Then every method
 * of its class counts as changed, since any object of it may now dispatch there. Supertypes are read from the
 * candidate's classes and jars, then the running JDK; one that cannot be read counts as overridden.</li>
 * <li>A changed resource or dependency affects every benchmark, as in the class analysis
 * ({@link #everything()}).</li>
 * </ul>
 */
public final class ChangedMethods {
    /** ASM's pseudo flags (deprecated, record) above the class file's own 16 bits, which change no behaviour. */
    private static final int CLASS_FILE_FLAGS = 0xFFFF;

    private final Set<ExecutedCode.Method> methods;
    private final Map<String, String> classes;
    private final String everything;

    private ChangedMethods(Set<ExecutedCode.Method> methods, Map<String, String> classes, String everything) {
        this.methods = Collections.unmodifiableSet(methods);
        this.classes = Collections.unmodifiableMap(classes);
        this.everything = everything;
    }

    /**
     * The methods that differ between the base's classes and the candidate's.
     *
     * @throws IOException when a class file cannot be read
     */
    public static ChangedMethods between(List<Path> candidateClasspath, List<Path> baseClasspath) throws IOException {
        AffectedBenchmarks.Side candidate = AffectedBenchmarks.Side.of(candidateClasspath);
        AffectedBenchmarks.Side base = AffectedBenchmarks.Side.of(baseClasspath);
        Set<ExecutedCode.Method> methods = new TreeSet<>();
        Map<String, String> classes = new TreeMap<>();
        Supertypes supertypes = new Supertypes(candidate);
        for (String name : AffectedBenchmarks.union(candidate.classes.keySet(), base.classes.keySet())) {
            byte[] before = base.bytes(name);
            byte[] after = candidate.bytes(name);
            if (Arrays.equals(before, after) || before == null) {
                // unchanged; or new, when only its callers, which changed, can reach it
                continue;
            }
            ClassNode old = read(before, 0);
            if (after == null) {
                classes.put(name, "the candidate no longer has it");
                continue;
            }
            ClassNode now = read(after, 0);
            String classChange = classChange(old, now);
            if (classChange != null) {
                classes.put(name, classChange);
                continue;
            }
            Map<String, MethodNode> oldMethods = byKey(old);
            Map<String, MethodNode> newMethods = byKey(now);
            // a field added or removed changes nothing by itself: the code that reads or writes it changed and
            // counts (an initialiser is the constructors' or the static initialiser's code); what is left, the
            // objects' size, moves allocation by a few bytes per object, within the gate's allocation tolerance
            for (MethodNode m : oldMethods.values()) {
                MethodNode n = newMethods.get(m.name + m.desc);
                if (n == null || !same(m, n)) {
                    methods.add(new ExecutedCode.Method(name, m.name, m.desc));
                }
            }
            for (MethodNode n : newMethods.values()) {
                if (!oldMethods.containsKey(n.name + n.desc)) {
                    String reach = reachedWithoutACall(now, n, supertypes);
                    if (reach != null) {
                        classes.put(name, reach);
                        break;
                    }
                }
            }
        }
        return new ChangedMethods(methods, classes, AffectedBenchmarks.everything(candidate, base));
    }

    /**
     * Why every benchmark is affected whatever it ran (a resource or the dependencies differ), or null.
     */
    public String everything() {
        return everything;
    }

    /** The methods whose bodies differ, or that the candidate no longer has; by the base's names. */
    public Set<ExecutedCode.Method> methods() {
        return methods;
    }

    /** Classes (internal names) every method of which counts as changed, each with why. */
    public Map<String, String> classes() {
        return classes;
    }

    /** Whether the patch changes {@code method}, by its body or its class. */
    public boolean changes(ExecutedCode.Method method) {
        return methods.contains(method) || classes.containsKey(method.owner());
    }

    /**
     * What changed, for people: {@code p.Codec.run} for a method, {@code p.Worker (its superclass differs)} for a
     * class.
     */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        classes.forEach((name, why) -> lines.add(AffectedBenchmarks.binaryName(name) + " (" + why + ")"));
        Set<String> shown = new TreeSet<>();
        for (ExecutedCode.Method m : methods) {
            if (!classes.containsKey(m.owner()) && shown.add(m.displayName())) {
                lines.add(m.displayName());
            }
        }
        return lines;
    }

    /** Why {@code method} counts as changed, for a benchmark's reason: "changed", or its class's change. */
    String why(ExecutedCode.Method method) {
        String classWhy = classes.get(method.owner());
        return classWhy == null ? "changed" : "whose class changed: " + classWhy;
    }

    private static ClassNode read(byte[] bytes, int skip) {
        ClassNode node = new ClassNode();
        // no line numbers, local variable names or frames: they move with the source, not with the behaviour
        new ClassReader(bytes).accept(node, ClassReader.SKIP_DEBUG | ClassReader.SKIP_FRAMES | skip);
        return node;
    }

    private static Map<String, MethodNode> byKey(ClassNode node) {
        Map<String, MethodNode> methods = new LinkedHashMap<>();
        node.methods.forEach(m -> methods.put(m.name + m.desc, m));
        return methods;
    }

    /** What of the class itself differs in a way that changes behaviour, or null when nothing does. */
    private static String classChange(ClassNode old, ClassNode now) {
        if (!String.valueOf(old.superName).equals(String.valueOf(now.superName))) {
            return "its superclass differs";
        }
        if (!old.interfaces.equals(now.interfaces)) {
            return "its interfaces differ";
        }
        if ((old.access & CLASS_FILE_FLAGS) != (now.access & CLASS_FILE_FLAGS)) {
            return "its access flags differ";
        }
        if (!annotations(old.visibleAnnotations).equals(annotations(now.visibleAnnotations))) {
            return "its runtime-visible annotations differ";
        }
        Map<String, String> before = fields(old);
        Map<String, String> after = fields(now);
        for (Map.Entry<String, String> field : before.entrySet()) {
            String then = after.get(field.getKey());
            if (then != null && !then.equals(field.getValue())) {
                return "its field " + field.getKey().substring(0, field.getKey().indexOf(':')) + " differs (type,"
                        + " access, constant value or annotations)";
            }
        }
        return null;
    }

    /**
     * The fields as behaviour sees them, by name and type: access, constant value, annotations; in name order. A
     * field whose type changed is one removed and one added.
     */
    private static Map<String, String> fields(ClassNode node) {
        Map<String, String> fields = new TreeMap<>();
        for (FieldNode f : node.fields) {
            fields.put(f.name + ":" + f.desc, (f.access & CLASS_FILE_FLAGS) + " " + constant(f.value) + " "
                    + annotations(f.visibleAnnotations));
        }
        return fields;
    }


    private static boolean same(MethodNode a, MethodNode b) {
        return (a.access & CLASS_FILE_FLAGS) == (b.access & CLASS_FILE_FLAGS) && code(a).equals(code(b))
                && annotations(a.visibleAnnotations).equals(annotations(b.visibleAnnotations))
                && parameterAnnotations(a).equals(parameterAnnotations(b))
                && value(a.annotationDefault).equals(value(b.annotationDefault));
    }

    /**
     * The method's instructions and exception handlers as text, each jump target named by the position of the
     * instruction it leads to, so that the labels' identities (and the lines they carry) do not count.
     */
    static String code(MethodNode m) {
        Map<LabelNode, Integer> at = new HashMap<>();
        List<LabelNode> pending = new ArrayList<>();
        int position = 0;
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn instanceof LabelNode) {
                pending.add((LabelNode) insn);
            } else if (insn.getOpcode() >= 0) {
                for (LabelNode l : pending) {
                    at.put(l, position);
                }
                pending.clear();
                position++;
            }
        }
        for (LabelNode l : pending) {
            at.put(l, position); // the end of the code, where a handler's range may end
        }
        StringBuilder text = new StringBuilder();
        for (AbstractInsnNode insn = m.instructions.getFirst(); insn != null; insn = insn.getNext()) {
            if (insn.getOpcode() < 0) {
                continue; // a label, line number or frame: not an instruction
            }
            text.append(insn.getOpcode()).append(' ').append(operands(insn, at)).append('\n');
        }
        for (TryCatchBlockNode t : m.tryCatchBlocks) {
            text.append("try ").append(at.get(t.start)).append('-').append(at.get(t.end)).append(" -> ")
                    .append(at.get(t.handler)).append(' ').append(t.type).append('\n');
        }
        return text.toString();
    }

    private static String operands(AbstractInsnNode insn, Map<LabelNode, Integer> at) {
        if (insn instanceof IntInsnNode) {
            return Integer.toString(((IntInsnNode) insn).operand);
        } else if (insn instanceof VarInsnNode) {
            return Integer.toString(((VarInsnNode) insn).var);
        } else if (insn instanceof TypeInsnNode) {
            return ((TypeInsnNode) insn).desc;
        } else if (insn instanceof FieldInsnNode) {
            FieldInsnNode f = (FieldInsnNode) insn;
            return f.owner + "." + f.name + ":" + f.desc;
        } else if (insn instanceof MethodInsnNode) {
            MethodInsnNode c = (MethodInsnNode) insn;
            return c.owner + "." + c.name + c.desc + (c.itf ? " itf" : "");
        } else if (insn instanceof InvokeDynamicInsnNode) {
            InvokeDynamicInsnNode d = (InvokeDynamicInsnNode) insn;
            List<String> args = new ArrayList<>();
            for (Object a : d.bsmArgs) {
                args.add(constant(a));
            }
            return d.name + d.desc + " " + d.bsm + " " + args;
        } else if (insn instanceof JumpInsnNode) {
            return "@" + at.get(((JumpInsnNode) insn).label);
        } else if (insn instanceof LdcInsnNode) {
            return constant(((LdcInsnNode) insn).cst);
        } else if (insn instanceof IincInsnNode) {
            return ((IincInsnNode) insn).var + " " + ((IincInsnNode) insn).incr;
        } else if (insn instanceof TableSwitchInsnNode) {
            TableSwitchInsnNode s = (TableSwitchInsnNode) insn;
            return s.min + ".." + s.max + " @" + at.get(s.dflt) + " " + targets(s.labels, at);
        } else if (insn instanceof LookupSwitchInsnNode) {
            LookupSwitchInsnNode s = (LookupSwitchInsnNode) insn;
            return s.keys + " @" + at.get(s.dflt) + " " + targets(s.labels, at);
        } else if (insn instanceof MultiANewArrayInsnNode) {
            return ((MultiANewArrayInsnNode) insn).desc + " " + ((MultiANewArrayInsnNode) insn).dims;
        }
        return ""; // an instruction with no operands
    }

    private static String targets(List<LabelNode> labels, Map<LabelNode, Integer> at) {
        List<Integer> positions = new ArrayList<>();
        labels.forEach(l -> positions.add(at.get(l)));
        return positions.toString();
    }

    /** A constant with its type, so that 1 and 1L differ: Integer 1, Long 1, a Type, a Handle. */
    private static String constant(Object value) {
        return value == null ? "none" : value.getClass().getSimpleName() + " " + value;
    }

    private static String annotations(List<AnnotationNode> annotations) {
        if (annotations == null) {
            return "[]";
        }
        List<String> texts = new ArrayList<>();
        annotations.forEach(a -> texts.add(value(a)));
        return texts.toString();
    }

    private static String parameterAnnotations(MethodNode m) {
        if (m.visibleParameterAnnotations == null) {
            return "";
        }
        StringBuilder text = new StringBuilder();
        for (List<AnnotationNode> p : m.visibleParameterAnnotations) {
            text.append(annotations(p)).append(';');
        }
        return text.toString();
    }

    /** An annotation value: a constant, an enum (a String[2]), a nested annotation or a list of values. */
    private static String value(Object value) {
        if (value instanceof AnnotationNode) {
            AnnotationNode a = (AnnotationNode) value;
            return "@" + a.desc + (a.values == null ? "" : value(a.values));
        } else if (value instanceof List) {
            List<String> texts = new ArrayList<>();
            ((List<?>) value).forEach(v -> texts.add(value(v)));
            return texts.toString();
        } else if (value instanceof String[]) {
            return Arrays.toString((String[]) value);
        }
        return constant(value);
    }

    /**
     * Why a method the candidate adds may run without a call naming it, or null when only its callers can reach
     * it.
     */
    private static String reachedWithoutACall(ClassNode owner, MethodNode added, Supertypes supertypes)
            throws IOException {
        String shown = AffectedBenchmarks.binaryName(owner.name) + "." + added.name;
        if ("<clinit>".equals(added.name)) {
            return "it gains a static initialiser, which runs when the class is first used";
        }
        if (added.visibleAnnotations != null && !added.visibleAnnotations.isEmpty()) {
            return "it adds " + shown + ", annotated " + added.visibleAnnotations.get(0).desc + ", which code may"
                    + " find by its annotation and call";
        }
        if (added.name.startsWith("<") || (added.access & Opcodes.ACC_PRIVATE) != 0) {
            return null; // constructors and private methods are reached only by calls that name them
        }
        List<String> types = new ArrayList<>();
        if (owner.superName != null) {
            types.add(owner.superName);
        }
        types.addAll(owner.interfaces);
        for (String type : types) {
            String found = supertypes.declaring(type, added.name, added.desc, new TreeSet<>());
            if (found != null) {
                return found.startsWith("?") ? "it adds " + shown + ", and its supertype " + found.substring(1)
                        + " cannot be read here, so it may override a method of it"
                        : "it adds " + shown + ", which overrides " + found;
            }
        }
        return null;
    }

    /** The candidate's supertypes, read from its classes, then its jars, then the running JDK. */
    private static final class Supertypes {
        private final AffectedBenchmarks.Side side;
        private final Map<String, ClassNode> read = new HashMap<>();

        Supertypes(AffectedBenchmarks.Side side) {
            this.side = side;
        }

        /**
         * The method ({@code java.lang.Object.toString}) of {@code type} or its supertypes with this name and
         * descriptor that is not private, or {@code ?} and a type that cannot be read; null when none.
         */
        String declaring(String type, String name, String desc, Set<String> seen) throws IOException {
            if (!seen.add(type)) {
                return null;
            }
            ClassNode node = node(type);
            if (node == null) {
                return "?" + AffectedBenchmarks.binaryName(type);
            }
            for (MethodNode m : node.methods) {
                // a static one too: a call naming the subclass, which reached the supertype's, now reaches the new one
                if (m.name.equals(name) && m.desc.equals(desc) && (m.access & Opcodes.ACC_PRIVATE) == 0) {
                    return AffectedBenchmarks.binaryName(type) + "." + name;
                }
            }
            List<String> next = new ArrayList<>();
            if (node.superName != null) {
                next.add(node.superName);
            }
            next.addAll(node.interfaces);
            for (String t : next) {
                String found = declaring(t, name, desc, seen);
                if (found != null) {
                    return found;
                }
            }
            return null;
        }

        private ClassNode node(String type) throws IOException {
            if (read.containsKey(type)) {
                return read.get(type);
            }
            byte[] bytes = side.bytes(type);
            if (bytes == null) {
                bytes = fromJars(type);
            }
            if (bytes == null) {
                try (InputStream in = ClassLoader.getPlatformClassLoader().getResourceAsStream(type + ".class")) {
                    bytes = in == null ? null : in.readAllBytes();
                }
            }
            ClassNode node = bytes == null ? null : read(bytes, ClassReader.SKIP_CODE);
            read.put(type, node);
            return node;
        }

        private byte[] fromJars(String type) throws IOException {
            for (Path jar : side.jarFiles) {
                try (JarFile file = new JarFile(jar.toFile())) {
                    ZipEntry entry = file.getEntry(type + ".class");
                    if (entry != null) {
                        try (InputStream in = file.getInputStream(entry)) {
                            return in.readAllBytes();
                        }
                    }
                } catch (IOException e) {
                    // not a jar that can be read: the type is then looked for elsewhere, and unknown at worst
                }
            }
            return null;
        }
    }
}
