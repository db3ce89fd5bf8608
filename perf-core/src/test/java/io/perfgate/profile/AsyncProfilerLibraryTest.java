package io.perfgate.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Which async-profiler jar, if any, this platform can load. */
class AsyncProfilerLibraryTest {
    @Test
    void asyncProfilerHasJarsForLinuxAndMacOnly() {
        assertEquals("linux-x64", AsyncProfilerLibrary.classifier("Linux", "amd64"));
        assertEquals("linux-arm64", AsyncProfilerLibrary.classifier("Linux", "aarch64"));
        assertEquals("macos", AsyncProfilerLibrary.classifier("Mac OS X", "aarch64"));
        assertNull(AsyncProfilerLibrary.classifier("Windows 11", "amd64"));
        assertNull(AsyncProfilerLibrary.classifier("Linux", "ppc64le"));
    }
}
