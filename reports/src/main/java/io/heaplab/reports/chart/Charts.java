package io.heaplab.reports.chart;

import io.heaplab.reports.model.Figure;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;

/** Draws the report model's figures with JFreeChart, as PNG or SVG, without a display. */
public final class Charts {

    /** The default image width, in pixels. */
    public static final int WIDTH = 800;
    /** The default image height, in pixels. */
    public static final int HEIGHT = 500;

    private Charts() {
    }

    /** The chart of {@code figure}: an XY plot for lines, a category plot for bars. */
    public static JFreeChart chart(Figure figure) {
        return chart(figure, ColourScheme.none());
    }

    /** The chart of {@code figure}, its series coloured by {@code colours}. */
    public static JFreeChart chart(Figure figure, ColourScheme colours) {
        return switch (figure.type()) {
            case LINES -> LineCharts.of(figure, colours);
            case BARS -> BarCharts.of(figure, colours);
        };
    }

    /** {@code figure} as a PNG image of {@code width} by {@code height} pixels. */
    public static byte[] png(Figure figure, int width, int height) {
        return png(figure, width, height, ColourScheme.none());
    }

    /** {@code figure} as a PNG image, its series coloured by {@code colours} (a report's, shared by its charts). */
    public static byte[] png(Figure figure, int width, int height, ColourScheme colours) {
        checkSize(width, height);
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            chart(figure, colours).draw(g2, new Rectangle2D.Double(0, 0, width, height));
        } finally {
            g2.dispose();
        }
        return encodePng(image);
    }

    /** {@code figure} as a PNG image of the default size. */
    public static byte[] png(Figure figure) {
        return png(figure, WIDTH, HEIGHT);
    }

    /**
     * {@code figure} as an {@code <svg>} element of {@code width} by {@code height}, valid as an SVG file on its own
     * and fit to inline in HTML. Its internal ids start with a prefix made from the figure's id, so the same figure
     * always gives the same text.
     */
    public static String svg(Figure figure, int width, int height) {
        return svg(figure, width, height, figure.id());
    }

    /**
     * As {@link #svg(Figure, int, int)}, with the internal ids made from {@code idScope} instead of the figure's id:
     * figure ids are unique only within a section, so a page showing several sections passes a page-wide name.
     */
    public static String svg(Figure figure, int width, int height, String idScope) {
        return svg(figure, width, height, idScope, ColourScheme.none());
    }

    /** As {@link #svg(Figure, int, int, String)}, its series coloured by {@code colours}. */
    public static String svg(Figure figure, int width, int height, String idScope, ColourScheme colours) {
        checkSize(width, height);
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        // the default prefix comes from System.nanoTime(): different on every render and able to clash on a page
        g2.setDefsKeyPrefix(SvgIds.prefix(idScope));
        chart(figure, colours).draw(g2, new Rectangle2D.Double(0, 0, width, height));
        return g2.getSVGElement();
    }

    /** {@code figure} as SVG of the default size. */
    public static String svg(Figure figure) {
        return svg(figure, WIDTH, HEIGHT);
    }

    private static byte[] encodePng(BufferedImage image) {
        Iterator<ImageWriter> writers = ImageIO.getImageWritersByFormatName("png");
        if (!writers.hasNext()) {
            throw new IllegalStateException("no PNG image writer in this JDK (expected: the built-in javax.imageio one)");
        }
        ImageWriter writer = writers.next();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        // cached in memory: ImageIO.write would spill to a temporary file whenever ImageIO's global cache is on
        try (ImageOutputStream out = new MemoryCacheImageOutputStream(bytes)) {
            writer.setOutput(out);
            writer.write(image);
        } catch (IOException e) {
            throw new UncheckedIOException("encoding a chart as PNG", e);
        } finally {
            writer.dispose();
        }
        return bytes.toByteArray();
    }

    private static void checkSize(int width, int height) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("chart size " + width + "x" + height + " (expected: both positive)");
        }
    }
}
