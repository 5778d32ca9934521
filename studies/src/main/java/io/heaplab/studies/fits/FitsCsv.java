package io.heaplab.studies.fits;

import io.heaplab.studies.fits.FitsExperiment.Cell;
import io.heaplab.studies.fits.FitsExperiment.Measured;
import io.heaplab.studies.fits.FitsExperiment.Results;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/** The fits study as a CSV table, a row per load, type and strategy, for spreadsheets and pandas. */
final class FitsCsv {

    private FitsCsv() {
    }

    static byte[] toCsv(Results results) {
        StringBuilder csv = new StringBuilder("load,type,strategy,allocator,paperRssKB,paperMs,residentKB,heapKB,"
                + "searchesPerCall,meanMs,fragmentationAveraged,fragmentationAtPeakLive,fragmentationAtPeakHeap,"
                + "fragmentationPeakOverPeak\n");
        for (Cell cell : results.cells()) {
            cell.measured().forEach((strategy, m) -> {
                FitsPaper.Figures paper = strategy.reported()
                        ? results.paper().figures(cell.load(), cell.type(), strategy.key) : null;
                var f = m.run().fragmentation();
                csv.append(cell.load()).append(',').append(cell.type()).append(',').append(strategy.key).append(",\"")
                        .append(strategy.allocator).append("\",")
                        .append(paper == null ? "" : number(paper.rssKB())).append(',')
                        .append(paper == null ? "" : number(paper.ms())).append(',')
                        .append(number(m.residentKB())).append(',').append(number(m.heapKB())).append(',')
                        .append(number(m.searchesPerCall())).append(',')
                        .append(m.timing() == null ? "" : number(m.timing().meanMs())).append(',')
                        .append(number(f.averagedOverTime())).append(',').append(number(f.atPeakLive())).append(',')
                        .append(number(f.atPeakHeap())).append(',').append(number(f.peakOverPeak())).append('\n');
            });
        }
        return csv.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String number(double value) {
        return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%.6g", value);
    }
}
