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

    /** Reads the replayer's output; a file cut short or malformed names the line. */
    static NativeRun read(Path file, int samples) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        long[] values = new long[9];
        String[] keys = {"calls", "loop_ns", "sample_ns", "minflt", "failed", "hwm_kb", "rss_kb", "anon_kb",
            "page_bytes"};
        long[] anon = new long[samples];
        int taken = 0;
        boolean ended = false;
        for (int n = 0; n < lines.size(); n++) {
            String[] f = lines.get(n).split(" ");
            try {
                if (f[0].equals("sample") && f.length == 3 && taken < samples) {
                    anon[taken++] = Long.parseLong(f[2]);
                } else if (f[0].equals("end")) {
                    ended = true;
                } else {
                    int key = List.of(keys).indexOf(f[0]);
                    if (key < 0 || f.length != 2) {
                        throw new NumberFormatException();
                    }
                    values[key] = Long.parseLong(f[1]);
                }
            } catch (NumberFormatException e) {
                throw new IOException(file + ": line " + (n + 1) + ": '" + lines.get(n)
                        + "' (expected: a measure and a number)");
            }
        }
        if (!ended || taken != samples) {
            throw new IOException(file + ": " + taken + " samples of " + samples + (ended ? "" : ", no end line")
                    + " (expected: the replayer's whole output)");
        }
        return new NativeRun(values[0], values[1], values[2], values[3], values[4], values[5], values[6], values[7],
                values[8], anon);
    }
}
