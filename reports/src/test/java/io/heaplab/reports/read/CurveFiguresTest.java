package io.heaplab.reports.read;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.util.List;
import org.junit.jupiter.api.Test;

class CurveFiguresTest {

    private static JsonNode curve(String policy, String axis, String sizes, String faults) throws Exception {
        return new ObjectMapper().readTree("{\"policy\":\"" + policy + "\",\"axis\":\"" + axis + "\",\"references\":40,"
                + "\"sizes\":" + sizes + ",\"faults\":" + faults + ",\"meanResident\":[1,2,3]}");
    }

    @Test
    void aLineDrawnOverAnotherSaysSoAndTitlesSayWhatWasRun() throws Exception {
        CurveFigures figures = new CurveFigures("pqsim, 512-byte pages", "512");
        figures.addCurve("", curve("ws:theta=all", "window", "[1,2,4]", "[20,9,3]"));
        figures.addCurve("", curve("vmin:theta=all", "window", "[1,2,4]", "[20,9,3]"));
        figures.addCurve("", curve("lru:frames=all", "frames", "[1,2,3]", "[12,5,3]"));
        List<Figure> all = figures.figures();
        Figure theta = all.stream().filter(f -> f.id().equals("faults-theta")).findFirst().orElseThrow();
        // the data keep their names; the chart's legend says which line is drawn over which
        assertThat(theta.series()).extracting(Series::name).containsExactly("ws:theta=all", "vmin:theta=all");
        List<String> legend = new java.util.ArrayList<>();
        org.jfree.chart.LegendItemCollection items = io.heaplab.reports.chart.Charts.chart(theta).getPlot()
                .getLegendItems();
        for (int i = 0; i < items.getItemCount(); i++) {
            legend.add(items.get(i).getLabel());
        }
        assertThat(legend).containsExactly("ws:theta=all", "vmin:theta=all (the same as ws:theta=all)");
        assertThat(theta.title()).isEqualTo("Faults against the window θ (pqsim, 512-byte pages)");
        Figure frames = all.stream().filter(f -> f.id().equals("faults-frames")).findFirst().orElseThrow();
        assertThat(frames.x().label()).isEqualTo("frames (512-byte pages)");
    }

    @Test
    void oneLabelUnderSeveralSeedsIsDrawnAsItsMeanWithABand() throws Exception {
        CurveFigures figures = new CurveFigures("", null);
        figures.addCurve("lru", "stack", curve("lru:frames=all", "frames", "[1,2,3]", "[10,6,2]"));
        // a shorter curve (fewer pages touched) stays at its last value past its end
        figures.addCurve("lru", "stack", curve("lru:frames=all", "frames", "[1,2]", "[14,4]"));
        Series mean = figures.figures().getFirst().series().getFirst();
        assertThat(mean.x()).containsExactly(1, 2, 3);
        assertThat(mean.y()).containsExactly(12, 5, 3);
        assertThat(mean.error()[0]).isEqualTo(Math.sqrt(8));
        assertThat(mean.error()[2]).isEqualTo(Math.sqrt(2));
    }

    @Test
    void framesGoLogarithmicWhenOneCurveIsADecadeLongerThanAnother() {
        // Brent's NOFREE touches 16,000 frames where the others touch a few hundred: on a linear axis five curves
        // would sit in the first pixel columns
        Series nofree = Series.line("nofree", frames(16_000), frames(16_000));
        Series stack = Series.line("stack", frames(1_600), frames(1_600));
        Series mru = Series.line("mru", frames(1_601), frames(1_601));
        assertThat(CurveFigures.framesAxis("frames", List.of(nofree, stack)).log()).isTrue();
        assertThat(CurveFigures.framesAxis("frames", List.of(nofree, mru)).log()).isFalse();
        assertThat(CurveFigures.framesAxis("frames", List.of(nofree)).log()).isFalse();
    }

    private static double[] frames(int n) {
        return java.util.stream.IntStream.rangeClosed(1, n).asDoubleStream().toArray();
    }
}
