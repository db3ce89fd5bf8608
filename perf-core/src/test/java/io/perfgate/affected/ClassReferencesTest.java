package io.perfgate.affected;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import java.util.ServiceLoader;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * What the affected-benchmark analysis reads from a class file: the classes it refers to, however it names them,
 * and whether it may run code of classes it does not name (then a change anywhere may affect it). Read from the
 * class files javac made of the small classes below.
 */
class ClassReferencesTest {
    static class Widget {
    }

    static class Gadget {
    }

    static class Sprocket {
    }

    /** Names Widget only as the type of a field no code reads. */
    static class HoldsAField {
        @SuppressWarnings("unused")
        private Widget widget;
    }

    /** Names Gadget only inside a generic signature. */
    static class HoldsAList {
        @SuppressWarnings("unused")
        private List<Gadget> gadgets;
    }

    /** Names Sprocket only as an array's element type (a two-dimensional one: its class entry is the array's). */
    static class MakesAnArray {
        Object make() {
            return new Sprocket[3][2];
        }
    }

    static class LoadsByName {
        Object load() throws ClassNotFoundException {
            return Class.forName("com.acme.Plugin");
        }
    }

    static class LoadsThroughItsOwnLoader {
        Object load(ClassLoader loader) throws ClassNotFoundException {
            return loader.loadClass("com.acme.Plugin");
        }
    }

    static class InvokesAMethod {
        Object call(Method m) throws ReflectiveOperationException {
            return m.invoke(null);
        }
    }

    static class HoldsAMethodReferenceToServiceLoading {
        final Function<Class<Runnable>, ServiceLoader<Runnable>> load = ServiceLoader::load;
    }

    /** Reflection that runs no code of another class: arrays and fields. */
    static class ReadsArraysAndFields {
        Object read(Object array, Field field) throws IllegalAccessException {
            return Array.get(array, 0) == null ? field.get(null) : null;
        }
    }

    private static ClassReferences read(Class<?> type) throws IOException {
        String resource = "/" + type.getName().replace('.', '/') + ".class";
        try (InputStream in = ClassReferencesTest.class.getResourceAsStream(resource)) {
            return ClassReferences.read(in.readAllBytes());
        }
    }

    private static String internal(Class<?> type) {
        return type.getName().replace('.', '/');
    }

    @Test
    void aTypeNamedOnlyByAFieldASignatureOrAnArrayIsReferenced() throws IOException {
        ClassReferences field = read(HoldsAField.class);
        assertTrue(field.referenced().contains(internal(Widget.class)), field.referenced()::toString);
        assertTrue(field.referenced().contains(internal(HoldsAField.class)), "its own name among them");

        ClassReferences list = read(HoldsAList.class);
        assertTrue(list.referenced().contains(internal(Gadget.class)), list.referenced()::toString);
        assertTrue(list.referenced().contains("java/util/List"), list.referenced()::toString);

        ClassReferences array = read(MakesAnArray.class);
        assertTrue(array.referenced().contains(internal(Sprocket.class)), array.referenced()::toString);
        assertFalse(array.referenced().stream().anyMatch(n -> n.startsWith("[")),
                "an array class is named by its element type: " + array.referenced());
    }

    @Test
    void aClassThatDoesNotReflectRefersOnlyToWhatItNames() throws IOException {
        ClassReferences field = read(HoldsAField.class);
        assertFalse(field.reflective());
        assertFalse(field.referenced().contains(internal(Gadget.class)), field.referenced()::toString);
    }

    @Test
    void loadingAClassByNameOrRunningAReflectiveHandleReachesAnything() throws IOException {
        assertTrue(read(LoadsByName.class).reflective(), "Class.forName");
        assertTrue(read(LoadsThroughItsOwnLoader.class).reflective(), "ClassLoader.loadClass, whatever the loader");
        assertTrue(read(InvokesAMethod.class).reflective(), "Method.invoke");
        assertTrue(read(HoldsAMethodReferenceToServiceLoading.class).reflective(), "ServiceLoader::load");
    }

    @Test
    void arraysAndFieldsReachNoOtherCode() throws IOException {
        ClassReferences r = read(ReadsArraysAndFields.class);
        assertFalse(r.reflective(), r.referenced()::toString);
        assertTrue(r.referenced().contains("java/lang/reflect/Field"));
    }

    @Test
    void bytesThatAreNoClassFileAreRefused() {
        IOException e = assertThrows(IOException.class,
                () -> ClassReferences.read("not a class".getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
        assertEquals("not a class file", e.getMessage());
    }
}
