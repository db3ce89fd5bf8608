package io.perfgate.premerge;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The classes a class file refers to, read from its constant pool: its class entries, and every type named in a
 * descriptor or signature ({@code Lcom/acme/Foo;}), so that a field or parameter of a type counts even when no
 * code of the class names it otherwise. Written for this one question (JVMS section 4.4), not a class-file library.
 */
final class ClassReferences {
    private static final int MAGIC = 0xCAFEBABE;
    private static final Pattern DESCRIPTOR_TYPE = Pattern.compile("L([\\w/$]+)[;<]");

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
     * Whether the class may reach classes without naming them: it uses reflection ({@code java.lang.reflect},
     * {@code Class.forName}) or service loading, so what it reaches cannot be read from its references.
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
        List<Integer> classNameIndexes = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            int tag = in.readUnsignedByte();
            switch (tag) {
                case 1: // Utf8
                    utf8[i] = in.readUTF();
                    break;
                case 7: // Class
                    classNameIndexes.add(in.readUnsignedShort());
                    break;
                case 8: // String
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    in.readUnsignedShort();
                    break;
                case 3: // Integer
                case 4: // Float
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    in.readInt();
                    break;
                case 5: // Long
                case 6: // Double
                    in.readLong();
                    i++; // takes two entries
                    break;
                case 15: // MethodHandle
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                    break;
                default:
                    throw new IOException("unknown constant pool tag " + tag + " at entry " + i);
            }
        }
        Set<String> names = new LinkedHashSet<>();
        for (int index : classNameIndexes) {
            String name = index < count ? utf8[index] : null;
            if (name == null) {
                continue;
            }
            if (name.startsWith("[")) {
                addDescriptorTypes(name, names); // an array class is named by its descriptor
            } else {
                names.add(name);
            }
        }
        boolean forName = false;
        boolean className = false;
        boolean reflective = false;
        for (String s : utf8) {
            if (s == null) {
                continue;
            }
            if (s.indexOf('L') >= 0 && s.indexOf(';') > 0) {
                addDescriptorTypes(s, names);
            }
            forName |= s.equals("forName");
            className |= s.equals("java/lang/Class");
            reflective |= s.startsWith("java/lang/reflect/") || s.equals("java/util/ServiceLoader");
        }
        return new ClassReferences(names, reflective || forName && className);
    }

    private static void addDescriptorTypes(String descriptor, Set<String> names) {
        Matcher m = DESCRIPTOR_TYPE.matcher(descriptor);
        while (m.find()) {
            names.add(m.group(1));
        }
    }
}
