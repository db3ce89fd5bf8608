package io.perfgate.affected;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes a class file refers to, read from its constant pool: its class entries, and every type named in a
 * descriptor or signature ({@code Lcom/acme/Foo;}), so that a field or parameter of a type counts even when no
 * code of the class names it otherwise; and whether it calls a method that runs code of classes it does not name
 * ({@link #reflective()}). Written for these questions (JVMS section 4.4), not a class-file library.
 */
final class ClassReferences {
    private static final int MAGIC = 0xCAFEBABE;
    private static final Pattern DESCRIPTOR_TYPE = Pattern.compile("L([\\w/$]+)[;<]");

    /**
     * Methods that load a class by a name held in data (a string, a configuration file, a serialized stream, a
     * script) or define one from bytes: what they bring in is named by no class file. Owner, then method names;
     * {@code *} for every method of the owner.
     */
    private static final Map<String, Set<String>> LOADS_BY_NAME = calls(
            "java/lang/Class", "forName",
            "java/util/ServiceLoader", "*",
            "java/util/ServiceLoader$Provider", "*",
            "java/io/ObjectInputStream", "readObject readUnshared",
            "java/io/ObjectInput", "readObject",
            "java/beans/Beans", "instantiate",
            "java/beans/XMLDecoder", "readObject",
            "java/beans/Introspector", "getBeanInfo", // looks for a class named <type>BeanInfo
            "java/beans/PropertyEditorManager", "findEditor", // looks for a class named <type>Editor
            "java/beans/Statement", "execute", // calls a method named by a string
            "java/beans/Expression", "execute getValue",
            "java/beans/EventHandler", "create");

    /**
     * Methods that run code through a reflective handle (a Method, a Constructor, a Class object, a method handle)
     * rather than a call that names its target. The class behind the handle is usually one the project names, but
     * it may come from a dependency or the JDK that loaded it by name, which this analysis does not read; so a
     * class that runs such a handle counts as reaching anything.
     */
    private static final Map<String, Set<String>> RUNS_THROUGH_HANDLE = calls(
            "java/lang/reflect/Method", "invoke",
            "java/lang/reflect/Constructor", "newInstance",
            "java/lang/Class", "newInstance",
            "java/lang/reflect/Proxy", "newProxyInstance",
            "java/lang/invoke/MethodHandle", "invoke invokeExact invokeWithArguments");

    /**
     * Method names that load or define a class whatever the owner: class loaders are called through their own
     * types ({@code URLClassLoader}, the project's loader), so the owner in the call does not tell. Not
     * {@code findClass}: a loader's own is called by {@code loadClass}, and projects name helpers so (Avro's
     * {@code FastReaderBuilder.findClass}, which calls a {@code Class.forName} of its own, counted there).
     */
    private static final Set<String> LOADS_WHATEVER_OWNER = new TreeSet<>(Arrays.asList("loadClass",
            "defineClass", "defineAnonymousClass", "defineHiddenClass"));

    private static final String LOOKUP = "java/lang/invoke/MethodHandles$Lookup";
    // javax.script: the engine comes by service loading and the script may call any class
    private static final String SCRIPTING = "javax/script/";

    private final Set<String> referenced;
    private final boolean reflective;

    private ClassReferences(Set<String> referenced, boolean reflective) {
        this.referenced = referenced;
        this.reflective = reflective;
    }

    /** Internal names ({@code com/acme/Foo}) of the classes referred to, the class's own among them. */
    Set<String> referenced() {
        return referenced;
    }

    /**
     * Whether the class may run code of classes it does not name: it calls a method that loads a class by a name
     * held in data ({@code Class.forName}, {@code ClassLoader.loadClass}, service loading, deserialization,
     * scripting, {@code java.beans} look-ups) or runs code through a reflective handle ({@code Method.invoke},
     * {@code Constructor.newInstance}, {@code Class.newInstance}, {@code Proxy.newProxyInstance}, invoking a
     * {@code MethodHandle}, {@code MethodHandles.Lookup.find*} and {@code unreflect*}), or holds a method reference to
     * one of those. What it reaches then cannot be read from its references.
     *
     * <p>Mentions alone do not count: {@code java.lang.reflect.Array} creates arrays and reads their elements,
     * {@code Field.get/set} reads and writes fields, and a {@code Field[]} or {@code Method[]} constant holds
     * objects; none calls a method. The most they can start is a class's static initialiser, of a class that code
     * named (a class literal; the creator of the object whose {@code getClass()} it was) or loaded by name, which
     * counts where it was loaded.
     */
    boolean reflective() {
        return reflective;
    }

    /**
     * @throws IOException when the bytes are not a class file
     */
    static ClassReferences read(byte[] classFile) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(classFile));
        if (in.readInt() != MAGIC) {
            throw new IOException("not a class file");
        }
        in.readUnsignedShort(); // minor version
        in.readUnsignedShort(); // major version
        int count = in.readUnsignedShort();
        String[] utf8 = new String[count];
        int[] tags = new int[count];
        // the entries' indexes into the pool: a class's name; a member reference's class and name-and-type; a
        // name-and-type's name and descriptor
        int[] first = new int[count];
        int[] second = new int[count];
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            tags[i] = tag;
            switch (tag) {
                case 1: // Utf8
                    utf8[i] = in.readUTF();
                    break;
                case 7: // Class
                    first[i] = in.readUnsignedShort();
                    break;
                case 8: // String
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    in.readUnsignedShort();
                    break;
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                    first[i] = in.readUnsignedShort();
                    second[i] = in.readUnsignedShort();
                    break;
                case 3: // Integer
                case 4: // Float
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    in.readInt();
                    break;
                case 5: // Long
                case 6: // Double
                    in.readLong();
                    i++; // takes two entries
                    break;
                case 15: // MethodHandle: its member is a Fieldref or Methodref entry of its own, read there
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                    break;
                default:
                    throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        Set<String> names = new LinkedHashSet<>();
        boolean reflective = false;
        for (int i = 1; i < count; i++) {
            if (tags[i] == 7) {
                String name = text(utf8, first[i]);
                if (name == null) {
                    continue;
                }
                if (name.startsWith("[")) {
                    addDescriptorTypes(name, names); // an array class is named by its descriptor
                } else {
                    names.add(name);
                }
            } else if (tags[i] == 10 || tags[i] == 11) {
                // a call, or the member of a method-handle constant (a method reference such as Class::forName,
                // a bootstrap method), which refers to the same kind of entry
                reflective |= runsUnnamedCode(tags, first, second, utf8, i);
            }
        }
        for (String s : utf8) {
            if (s != null && s.indexOf('L') >= 0 && s.indexOf(';') > 0) {
                addDescriptorTypes(s, names);
            }
        }
        return new ClassReferences(names, reflective);
    }

    /** Whether the method reference at {@code ref} (its class and name-and-type) names one of the methods above. */
    private static boolean runsUnnamedCode(int[] tags, int[] first, int[] second, String[] utf8, int ref) {
        int owner = first[ref];
        int nameAndType = second[ref];
        if (owner <= 0 || owner >= tags.length || tags[owner] != 7 || nameAndType <= 0
                || nameAndType >= tags.length || tags[nameAndType] != 12) {
            return false;
        }
        return runsUnnamedCode(text(utf8, first[owner]), text(utf8, first[nameAndType]));
    }

    /** Whether calling {@code owner.method} ({@code owner} an internal name) may run code of unnamed classes. */
    private static boolean runsUnnamedCode(String owner, String method) {
        if (owner == null || method == null) {
            return false;
        }
        return LOADS_WHATEVER_OWNER.contains(method) || owner.startsWith(SCRIPTING)
                || owner.equals(LOOKUP) && (method.startsWith("find") || method.startsWith("unreflect"))
                || names(LOADS_BY_NAME, owner, method) || names(RUNS_THROUGH_HANDLE, owner, method);
    }

    private static boolean names(Map<String, Set<String>> calls, String owner, String method) {
        Set<String> methods = calls.get(owner);
        return methods != null && (methods.contains("*") || methods.contains(method));
    }

    private static String text(String[] utf8, int index) {
        return index > 0 && index < utf8.length ? utf8[index] : null;
    }

    /** Owner and space-separated method names, in pairs. */
    private static Map<String, Set<String>> calls(String... ownerThenMethods) {
        Map<String, Set<String>> calls = new HashMap<>();
        for (int i = 0; i < ownerThenMethods.length; i += 2) {
            calls.put(ownerThenMethods[i], new TreeSet<>(Arrays.asList(ownerThenMethods[i + 1].split(" "))));
        }
        return calls;
    }

    private static void addDescriptorTypes(String descriptor, Set<String> names) {
        Matcher m = DESCRIPTOR_TYPE.matcher(descriptor);
        while (m.find()) {
            names.add(m.group(1));
        }
    }
}
