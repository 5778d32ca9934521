package io.heaplab.reports.model;

import io.heaplab.core.spi.Spec;
import io.heaplab.reports.Csv;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The data behind every chart of a {@link Report} as one CSV table, a row per point, so any plotting tool can
 * redraw them: the chart it belongs to (named as its files are, {@link #chartName}), the series and its style,
 * then the point. Titles and axis labels are in the report's JSON.
 *
 * <p>A line chart's point has {@code x} and no {@code category}; a bar has its {@code category} and no {@code x}.
 * {@code error} is empty when the series has none, {@code y} when the value is missing.
 */
public final class ReportCsv {

    /** The header row. */
    public static final String HEADER = "chart,series,style,category,x,y,error";

    private ReportCsv() {
    }

    /** The CSV text, figures in report order, points in series order. */
    public static byte[] toBytes(Report report) {
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        List<Section> sections = report.sections();
        for (int s = 0; s < sections.size(); s++) {
            for (Figure figure : sections.get(s).figures()) {
                String chart = Csv.field(chartName(s, figure));
                boolean bar = figure.type() == Figure.Type.BARS;
                for (Series series : figure.series()) {
                    String prefix = chart + ',' + Csv.field(series.name()) + ','
                            + series.style().name().toLowerCase(Locale.ROOT) + ',';
                    for (int i = 0; i < series.y().length; i++) {
                        csv.append(prefix)
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

    /**
     * The name of a figure's chart: the section's number and the figure's id, so figures of two sections never
     * share a name. The chart files and the CSV rows go by it.
     */
    public static String chartName(int sectionIndex, Figure figure) {
        return String.format(Locale.ROOT, "%02d-%s", sectionIndex + 1, figure.id());
    }

    /** A value as its shortest exact text; a missing one (NaN, a published value the paper lacks) is empty. */
    private static String value(double v) {
        return Double.isNaN(v) ? "" : Spec.number(v);
    }
}
