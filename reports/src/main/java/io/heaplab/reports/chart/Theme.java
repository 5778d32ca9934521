package io.heaplab.reports.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.util.ShapeUtils;

/** heaplab's one chart look: white, light grey grid, fixed fonts and strokes, legend at the bottom. */
final class Theme {

    // a logical font: it resolves to whatever sans-serif the machine has, where a named face might be missing
    static final String FONT = Font.SANS_SERIF;
    static final Font TITLE_FONT = new Font(FONT, Font.BOLD, 16);
    static final Font LABEL_FONT = new Font(FONT, Font.PLAIN, 13);
    static final Font TICK_FONT = new Font(FONT, Font.PLAIN, 11);
    static final Font LEGEND_FONT = new Font(FONT, Font.PLAIN, 12);
    static final Font MARKER_FONT = new Font(FONT, Font.PLAIN, 11);

    static final Color BACKGROUND = Color.WHITE;
    static final Color GRID = new Color(0xDDDDDD);
    static final Color AXIS = new Color(0x888888);
    static final Color TEXT = new Color(0x222222);
    // grey, not a palette colour, so a marker is never mistaken for a series
    static final Color MARKER = new Color(0x555555);
    // translucent white: a marker label stays readable over a line without hiding it
    static final Color LABEL_BACKGROUND = new Color(255, 255, 255, 200);

    static final Stroke LINE = new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
    static final Stroke GRID_LINE = new BasicStroke(0.8f);
    static final Stroke MARKER_LINE = new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
            new float[] {6f, 4f}, 0f);
    static final Stroke ERROR_BAR = new BasicStroke(1.2f);
    static final Stroke OUTLINE = new BasicStroke(1f);

    /** Measured points, shown on short lines. */
    static final Shape MEASURED = new Ellipse2D.Double(-3.5, -3.5, 7, 7);
    /** Published points: a different shape, so they stay told apart from measured ones of the same colour. */
    static final Shape PUBLISHED = ShapeUtils.createDiamond(5f);
    /** The rim of a published point on a bar chart, in its series' colour around a white fill. */
    static final Stroke PUBLISHED_OUTLINE = new BasicStroke(2f);

    /** A line with more points than this is drawn without shapes, which would only blot it. */
    static final int MAX_POINTS_WITH_SHAPES = 24;

    static final String NO_DATA = "no data";

    private Theme() {
    }

    /** A chart of {@code plot} titled {@code title}, with a bottom legend, in this look. */
    static JFreeChart chart(String title, Plot plot) {
        plot.setBackgroundPaint(BACKGROUND);
        plot.setOutlineVisible(false);
        plot.setInsets(new RectangleInsets(8, 8, 8, 16));
        plot.setNoDataMessage(NO_DATA);
        plot.setNoDataMessageFont(LABEL_FONT);
        plot.setNoDataMessagePaint(TEXT);
        if (plot instanceof XYPlot xy) {
            xy.setDomainGridlinePaint(GRID);
            xy.setRangeGridlinePaint(GRID);
            xy.setDomainGridlineStroke(GRID_LINE);
            xy.setRangeGridlineStroke(GRID_LINE);
            xy.setAxisOffset(RectangleInsets.ZERO_INSETS);
        } else if (plot instanceof CategoryPlot category) {
            category.setRangeGridlinePaint(GRID);
            category.setRangeGridlineStroke(GRID_LINE);
            category.setDomainGridlinesVisible(false);
            category.setAxisOffset(RectangleInsets.ZERO_INSETS);
        }
        JFreeChart chart = new JFreeChart(title, TITLE_FONT, plot, true);
        chart.setBackgroundPaint(BACKGROUND);
        chart.setAntiAlias(true);
        chart.setTextAntiAlias(true);
        chart.setPadding(new RectangleInsets(8, 8, 8, 8));
        TextTitle heading = chart.getTitle();
        if (heading != null) {
            heading.setPaint(TEXT);
        }
        LegendTitle legend = chart.getLegend();
        legend.setPosition(RectangleEdge.BOTTOM);
        legend.setItemFont(LEGEND_FONT);
        legend.setItemPaint(TEXT);
        legend.setBackgroundPaint(BACKGROUND);
        legend.setFrame(BlockBorder.NONE);
        return chart;
    }

    /** Styles one axis: label and tick fonts, grey lines. */
    static void axis(Axis axis) {
        axis.setLabelFont(LABEL_FONT);
        axis.setLabelPaint(TEXT);
        axis.setTickLabelFont(TICK_FONT);
        axis.setTickLabelPaint(TEXT);
        axis.setAxisLinePaint(AXIS);
        axis.setTickMarkPaint(AXIS);
    }
}
