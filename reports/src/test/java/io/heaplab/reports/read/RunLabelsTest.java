package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import org.junit.jupiter.api.Test;

class RunLabelsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static String run(String allocator, String workload, int pageSize, int seed, double heap) {
        return "{\"workload\":\"" + workload + "\",\"allocator\":\"" + allocator + "\",\"pageSize\":" + pageSize
                + ",\"seed\":" + seed + ",\"fragmentation\":{\"peakOverPeak\":" + heap + ",\"atPeakHeap\":0.1,"
                + "\"atPeakLive\":0.1,\"averagedNearPeak\":0.1,\"averagedOverTime\":0.1},"
                + "\"timeline\":{\"requests\":[0,10],\"heapBytes\":[0," + heap * 4096 + "]}}";
    }

    private static JsonNode runs(String... runs) throws Exception {
        return JSON.readTree("[" + String.join(",", runs) + "]");
    }

    @Test
    void runsThatDifferByTheirSeedAloneAreNamedByIt() throws Exception {
        JsonNode runs = runs(run("stack", "pqsim:seconds=100,warmup=20", 512, 1, 0.2),
                run("stack", "pqsim:seconds=100,warmup=20", 512, 2, 0.3),
                run("stack", "pqsim:seconds=50,warmup=20", 512, 1, 0.2),
                run("mru", "pqsim:seconds=50,warmup=20", 512, 1, 0.1));
        // the seed before the workload: a slanted axis label is cut at its end
        assertThat(RunLabels.of(runs)).containsExactly("stack · seed 1 · pqsim:seconds=100,warmup=20",
                "stack · seed 2 · pqsim:seconds=100,warmup=20", "stack · seed 1 · pqsim:seconds=50,warmup=20",
                "mru · seed 1 · pqsim:seconds=50,warmup=20");
    }

    @Test
    void whatAllRunsShareIsLeftOut() throws Exception {
        assertThat(RunLabels.of(runs(run("stack", "w", 512, 1, 0.2), run("mru", "w", 512, 1, 0.2))))
                .containsExactly("stack", "mru");
        assertThat(RunLabels.of(runs(run("stack", "w", 512, 1, 0.2), run("stack", "w", 4096, 1, 0.2))))
                .containsExactly("stack · 512 B pages", "stack · 4096 B pages");
        assertThat(RunLabels.of(runs(run("stack", "w", 512, 1, 0.2), run("stack", "w", 512, 2, 0.2))))
                .containsExactly("stack · seed 1", "stack · seed 2");
    }

    @Test
    void theHeapAndFragmentationChartsOfSeveralSeedsNameEachRunsSeed() throws Exception {
        JsonNode document = JSON.readTree("{\"runs\":[" + run("stack", "malloc-trace:t.trace", 4096, 1, 0.2) + ","
                + run("stack", "malloc-trace:t.trace", 4096, 2, 0.3) + "]}");
        var section = PagingSections.runs("r.json", document);
        Figure bars = section.figures().stream().filter(f -> f.id().equals("fragmentation")).findFirst().orElseThrow();
        assertThat(bars.categories()).containsExactly("stack · seed 1", "stack · seed 2");
        Figure heap = section.figures().stream().filter(f -> f.id().equals("heap-over-time")).findFirst()
                .orElseThrow();
        assertThat(heap.series()).extracting(Series::name).contains("stack · seed 1", "stack · seed 2");
    }
}
