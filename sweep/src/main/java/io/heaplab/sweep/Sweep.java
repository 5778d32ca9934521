package io.heaplab.sweep;

import java.nio.file.Path;
import java.util.List;

/**
 * A sweep read from its file and checked: every point it names, in order, the columns of its table and the
 * measures it keeps. Its points are bound to their plugins already, so running one fails only as a run can.
 *
 * @param file     the sweep file
 * @param columns  the coordinate columns, seed last
 * @param measures the measure columns after them
 * @param points   every point, in the sweep's order (the table's)
 * @param inputs   the files the points' specs name (traces), which an engine on other machines ships to them
 * @param sources  the sweep files read: {@code file} and every file it includes, which no output may replace
 */
public record Sweep(Path file, List<Column> columns, List<Measure> measures, List<Point> points, List<Path> inputs,
                    List<Path> sources) {

    public Sweep {
        columns = List.copyOf(columns);
        measures = List.copyOf(measures);
        points = List.copyOf(points);
        inputs = List.copyOf(inputs);
        sources = List.copyOf(sources);
    }

    /** The sweep file's name without its extension: {@code purdom} of {@code sweeps/purdom.yaml}. */
    public String name() {
        String name = file.getFileName() == null ? "sweep" : file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** The table's header: the coordinates, the measures, and the failure column. */
    public List<String> header() {
        List<String> header = new java.util.ArrayList<>(columns.stream().map(Column::name).toList());
        measures.forEach(m -> header.add(m.label()));
        header.add(SweepTable.FAILURE);
        return header;
    }
}
