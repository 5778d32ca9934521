package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.model.Axis;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Series;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.List;
import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.RectangleEdge;
import org.junit.jupiter.api.Test;

class SteppedLogAxisTest {

    @Test
    void anAxisOfUnderTwoDecadesLabelsTwoAndFiveOfEachToo() {
        assertThat(labelled(new double[] {9000, 5000, 2000, 900, 600, 500}))
                .containsExactly(500.0, 1000.0, 2000.0, 5000.0, 10_000.0);
    }

    @Test
    void aLongerAxisLabelsThePowersOfTenAlone() {
        assertThat(labelled(new double[] {90_000, 5000, 200, 20, 12})).containsExactly(10.0, 100.0, 1000.0,
                10_000.0, 100_000.0);
    }

    /** The values at which the y axis of a log line through {@code y} has a labelled tick. */
    private static List<Double> labelled(double[] y) {
        double[] x = new double[y.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i + 1;
        }
        JFreeChart chart = Charts.chart(Figure.lines("short", "Short", Axis.linear("frames"),
                Axis.logarithmic("faults"), List.of(Series.line("lru", x, y)), List.of()));
        BufferedImage image = new BufferedImage(Charts.WIDTH, Charts.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            ChartRenderingInfo info = new ChartRenderingInfo();
            chart.draw(g2, new Rectangle2D.Double(0, 0, Charts.WIDTH, Charts.HEIGHT), info);
            XYPlot plot = (XYPlot) chart.getPlot();
            @SuppressWarnings("unchecked")
            List<ValueTick> ticks = (List<ValueTick>) (List<?>) plot.getRangeAxis().refreshTicks(g2, new AxisState(),
                    info.getPlotInfo().getDataArea(), RectangleEdge.LEFT);
            return ticks.stream().filter(t -> t.getTickType() == TickType.MAJOR).map(ValueTick::getValue).toList();
        } finally {
            g2.dispose();
        }
    }
}
