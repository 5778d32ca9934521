package io.heaplab.reports.model;

import io.heaplab.core.spi.Spec;
import io.heaplab.reports.Csv;
import java.nio.charset.StandardCharsets;

/**
 * The data behind every chart of a {@link Report} as one CSV table, a row per point, so any plotting tool can
 * redraw them: the section and figure it belongs to, the series and its style, then the point.
 *
 * <p>A line chart's point has {@code x} and no {@code category}; a bar has its {@code category} and no {@code x}.
 * {@code error} is empty when the series has none, {@code y} when the value is missing.
 */
public final class ReportCsv {

    /** The header row. */
    public static final String HEADER = "section,figure,xLabel,yLabel,series,style,category,x,y,error";

    private ReportCsv() {
    }

    /** The CSV text, figures in report order, points in series order. */
    public static byte[] toBytes(Report report) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Section section : report.sections()) {
            for (Figure figure : section.figures()) {
                for (Series series : figure.series()) {
                    for (int i = 0; i < series.y().length; i++) {
                        boolean bar = figure.type() == Figure.Type.BARS;
                        csv.append(Csv.field(section.title())).append(',')
                                .append(Csv.field(figure.id())).append(',')
                                .append(Csv.field(figure.x().label())).append(',')
                                .append(Csv.field(figure.y().label())).append(',')
                                .append(Csv.field(series.name())).append(',')
                                .append(series.style().name().toLowerCase(java.util.Locale.ROOT)).append(',')
                                .append(bar ? Csv.field(figure.categories().get(i)) : "").append(',')
                                .append(bar ? "" : value(series.x()[i])).append(',')
                                .append(value(series.y()[i])).append(',')
                                .append(series.error().length == 0 ? "" : value(series.error()[i])).append('\n');
                    }
                }
            }
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A value as its shortest exact text; a missing one (NaN, a published value the paper lacks) is empty. */
    private static String value(double v) {
        return Double.isNaN(v) ? "" : Spec.number(v);
    }
}
