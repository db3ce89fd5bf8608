package plug;

/** Loads a worker by name, as plug-in registries do: no benchmark's code names the worker it gets. */
public final class Registry {
    private Registry() {
    }

    public static Worker get(String name) {
        String cls = "plug." + Character.toUpperCase(name.charAt(0)) + name.substring(1) + "Worker";
        try {
            return (Worker) Class.forName(cls).getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalArgumentException("no worker " + name, e);
        }
    }
}
