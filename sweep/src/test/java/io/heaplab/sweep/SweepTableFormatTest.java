package io.heaplab.sweep;

import io.heaplab.core.testing.GoldenFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sweep's table files, as golden files: the CSV, the JSON Lines and the manifest a report reads. */
class SweepTableFormatTest {

    @TempDir
    Path dir;

    @Test
    void theTableAndItsManifestAreWrittenAsTheGoldenFiles() throws Exception {
        Sweep sweep = SweepFilesFixture.read(dir, "golden.yaml", """
                workload:
                  random-blocks:
                    live: 20
                    steps: [200, 400]
                allocator: [stack, "buddy:cell=16"]
                policy: "wsclock:frames=4,theta=50"
                pageSize: 256
                heapSize: 64KiB
                seed: 7
                """);
        Path out = dir.resolve("out");
        SweepRun.run(sweep, out, List.of(), SweepRun.Shard.ALL, new LocalEngine(2), PointWork.of(sweep, List.of()),
                SweepRun.Listener.SILENT);
        GoldenFile.assertMatches("table.csv", Files.readAllBytes(out.resolve(SweepTable.CSV)));
        GoldenFile.assertMatches("table.jsonl", Files.readAllBytes(out.resolve(SweepTable.JSONL)));
        GoldenFile.assertMatches("sweep.json", Files.readAllBytes(out.resolve(SweepTable.MANIFEST)));
    }
}
