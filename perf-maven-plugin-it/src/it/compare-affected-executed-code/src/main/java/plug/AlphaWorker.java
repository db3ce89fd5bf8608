package plug;

/** A worker of the registry; the patch makes it do ten times the work. */
public final class AlphaWorker implements Worker {
    @Override
    public long work(long seed) {
        long x = seed;
        for (int i = 0; i < 200; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
        }
        return x;
    }
}
