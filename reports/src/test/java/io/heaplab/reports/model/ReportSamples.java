package io.heaplab.reports.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small report with one figure of each type, every series style, markers, errors and a missing value. */
final class ReportSamples {

    private ReportSamples() {
    }

    static Report report() {
        Map<String, String> parameters = new LinkedHashMap<>();
        parameters.put("seeds", "1, 2");
        parameters.put("pageSize", "512");
        Figure curve = Figure.lines("faults", "Faults against memory size", Axis.linear("frames"),
                Axis.fitting("faults", 1000, 90, 4), List.of(Series.line("STACK", new double[] {1, 2, 3},
                        new double[] {1000, 90, 4}), new Series("STACK (paper)", Series.Style.POINTS,
                        new double[] {2}, new double[] {120}, new double[0])),
                List.of(new Marker("virtual size, \"paper\"", 3)));
        Figure bars = Figure.bars("ratio", "ns/op over malloc's", "strategy", Axis.linear("ratio"),
                List.of("stack", "first-fit:order=lifo"), List.of(Series.bars("live=512", new double[] {0.5, 2.25},
                        new double[] {0.125, 0.5}), new Series("live=512 (paper)", Series.Style.POINTS,
                        new double[0], new double[] {Double.NaN, 2}, new double[0])));
        Section section = new Section("Sample, with a comma", "heaplab test", parameters,
                Map.of("jdk", "25"), List.of("Agrees: a note"),
                List.of(new Table("Runs", List.of("strategy", "faults"), List.of(List.of("STACK", "94")))),
                List.of(curve, bars));
        return new Report("A sample report", List.of("sample.json"), List.of(section));
    }
}
