package io.perfgate.shard;

/** A shard setting that means nothing, or shard results that cannot be merged; the message says which and why. */
public final class ShardException extends Exception {
    private static final long serialVersionUID = 1L;

    public ShardException(String message) {
        super(message);
    }
}
