package io.heaplab.reports.chart;

import java.awt.Color;
import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import javax.imageio.ImageIO;

/** A decoded PNG chart and the pixel counts the tests judge it by. */
record Png(BufferedImage image) {

    /** How far each channel may stray from a series colour: anti-aliased edges blend, line interiors do not. */
    static final int TOLERANCE = 6;

    static Png decode(byte[] bytes) {
        try {
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(bytes));
            if (image == null) {
                throw new AssertionError("not an image ImageIO can read (" + bytes.length + " bytes)");
            }
            return new Png(image);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The share of pixels that are not the white background. */
    double inked() {
        long inked = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if ((image.getRGB(x, y) & 0xFFFFFF) != 0xFFFFFF) {
                    inked++;
                }
            }
        }
        return (double) inked / ((long) image.getWidth() * image.getHeight());
    }

    /** How many pixels inside {@code area} have {@code colour}, give or take {@link #TOLERANCE} per channel. */
    int count(Color colour, Rectangle area) {
        Rectangle inside = area.intersection(new Rectangle(0, 0, image.getWidth(), image.getHeight()));
        int count = 0;
        for (int y = inside.y; y < inside.y + inside.height; y++) {
            for (int x = inside.x; x < inside.x + inside.width; x++) {
                Color c = new Color(image.getRGB(x, y));
                if (Math.abs(c.getRed() - colour.getRed()) <= TOLERANCE
                        && Math.abs(c.getGreen() - colour.getGreen()) <= TOLERANCE
                        && Math.abs(c.getBlue() - colour.getBlue()) <= TOLERANCE) {
                    count++;
                }
            }
        }
        return count;
    }
}
