package io.heaplab.traces.malloc.system;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What one process of the native replayer measured of itself, as it wrote it.
 *
 * @param calls       calls replayed
 * @param loopNanos   the replay loop's wall time, sampling included
 * @param sampleNanos the part of it spent sampling
 * @param minorFaults minor page faults during the loop
 * @param failed      calls the allocator answered with NULL
 * @param hwmKb       the process's peak resident memory, every mapping included ({@code VmHWM})
 * @param rssKb       its resident memory at the end ({@code VmRSS})
 * @param anonKb      its resident anonymous memory at the end ({@code RssAnon})
 * @param pageBytes   the kernel's page size
 * @param sampleAnon  its resident anonymous bytes at each sample, the samples {@link CallsFile.Profile} lists
 */
public record NativeRun(long calls, long loopNanos, long sampleNanos, long minorFaults, long failed, long hwmKb,
                        long rssKb, long anonKb, long pageBytes, long[] sampleAnon) {

    /** The loop's time less its sampling. */
    public long replayNanos() {
        return loopNanos - sampleNanos;
    }

    /**
     * Reads the replayer's output for the calls of {@code profile}: every measure once, and a sample at each call
     * the profile lists; anything else names the file and the line.
     */
    static NativeRun read(Path file, CallsFile.Profile profile) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        List<String> keys = List.of("calls", "loop_ns", "sample_ns", "minflt", "failed", "hwm_kb", "rss_kb",
                "anon_kb", "page_bytes");
        long[] values = new long[keys.size()];
        boolean[] seen = new boolean[keys.size()];
        long[] expected = profile.sampleCalls();
        long[] anon = new long[expected.length];
        int taken = 0;
        boolean ended = false;
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            String[] f = line.split(" ");
            try {
                if (f[0].equals("sample") && f.length == 3) {
                    if (taken == expected.length || Long.parseLong(f[1]) != expected[taken]) {
                        throw new IOException(file + ": line " + (n + 1) + ": '" + line + "' (expected: "
                                + (taken == expected.length ? "no more samples than " + expected.length
                                : "the sample after call " + expected[taken]) + ")");
                    }
                    anon[taken++] = Long.parseLong(f[2]);
                } else if (line.equals("end")) {
                    ended = true;
                } else {
                    int key = keys.indexOf(f[0]);
                    if (key < 0 || f.length != 2 || seen[key]) {
                        throw new NumberFormatException();
                    }
                    values[key] = Long.parseLong(f[1]);
                    seen[key] = true;
                }
            } catch (NumberFormatException e) {
                throw new IOException(file + ": line " + (n + 1) + ": '" + line + "' (expected: one of "
                        + String.join(", ", keys) + " once, and a number)");
            }
        }
        for (int k = 0; k < keys.size(); k++) {
            if (!seen[k]) {
                throw new IOException(file + ": no " + keys.get(k) + " (expected: the replayer's whole output)");
            }
        }
        if (!ended || taken != expected.length || values[0] != profile.calls() || values[8] <= 0) {
            throw new IOException(file + ": " + values[0] + " calls, " + taken + " samples of " + expected.length
                    + (ended ? "" : ", no end line") + " (expected: the replayer's whole output for " + profile.calls()
                    + " calls)");
        }
        return new NativeRun(values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7],
                values[8], anon);
    }
}
