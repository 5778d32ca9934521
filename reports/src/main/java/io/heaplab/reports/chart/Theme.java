package io.heaplab.reports.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.util.List;
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

    /** Measured points, shown on short lines (of the palette's first round; see {@link #measured}). */
    static final Shape MEASURED = new Ellipse2D.Double(-3.5, -3.5, 7, 7);
    /** Published points: a different shape, so they stay told apart from measured ones of the same colour. */
    static final Shape PUBLISHED = ShapeUtils.createDiamond(5f);
    /** The rim of a published point, in the colour that stands out against its fill ({@link Palette#rim}). */
    static final Stroke PUBLISHED_OUTLINE = new BasicStroke(2f);

    /** The dashes of a line by palette round: solid, then dashed, dotted and dash-dotted, round and round. */
    private static final List<float[]> DASHES = List.of(new float[0], new float[] {8f, 5f}, new float[] {2f, 4f},
            new float[] {10f, 4f, 2f, 4f});

    /** The shape of measured points by palette round: a circle, then a square and triangles up and down. */
    private static final List<Shape> SHAPES = List.of(MEASURED,
            new Rectangle2D.Double(-3, -3, 6, 6), ShapeUtils.createUpTriangle(4f), ShapeUtils.createDownTriangle(4f));

    /** The stroke of a line of palette round {@code round} ({@link Palette#round}). */
    static Stroke line(int round) {
        float[] dash = DASHES.get(Math.floorMod(round, DASHES.size()));
        return dash.length == 0 ? LINE
                : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    /** The shape of a measured point of palette round {@code round}. */
    static Shape measured(int round) {
        return SHAPES.get(Math.floorMod(round, SHAPES.size()));
    }

    /**
     * The outline of a bar of palette round {@code round}, or null for none: a bar whose colour came round again is
     * ringed in the text colour, solid, then dashed, dotted and dash-dotted.
     */
    static Stroke barOutline(int round) {
        if (round == 0) {
            return null;
        }
        float[] dash = DASHES.get(Math.floorMod(round - 1, DASHES.size()));
        return dash.length == 0 ? new BasicStroke(2f)
                : new BasicStroke(2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dash, 0f);
    }

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
