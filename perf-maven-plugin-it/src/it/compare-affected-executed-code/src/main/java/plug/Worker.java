package plug;

/** What a benchmark measures; the registry finds each by name. */
public interface Worker {
    long work(long seed);
}
