package io.heaplab.spark;

import io.heaplab.core.spi.Spec;
import io.heaplab.sweep.Point;
import io.heaplab.sweep.PointTask;
import io.heaplab.sweep.PointWork;
import io.heaplab.sweep.Row;
import java.io.Serial;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SequencedMap;
import org.apache.spark.SparkFiles;

/**
 * A point's task on an executor that may not share the driver's files: a plugin jar or a trace the driver shipped
 * is read from the executor's copy when the driver's path does not exist there. The point's coordinates keep the
 * path as the sweep file wrote it, so its row is the same wherever it ran.
 *
 * @param task    what to run
 * @param shipped each shipped path, as the sweep names it, with the name Spark keeps its copy under
 */
record ShippedTask(PointTask task, Map<String, String> shipped) implements PointTask {

    @Serial
    private static final long serialVersionUID = 1L;

    ShippedTask {
        shipped = Map.copyOf(shipped);
    }

    @Override
    public Row run(Point point) {
        if (shipped.isEmpty()) {
            return task.run(point);
        }
        PointTask local = task instanceof PointWork work ? work.localized(this::local) : task;
        return local.run(new Point(point.index(), localSpec(point.workload()), localSpec(point.allocator()),
                point.policy().isEmpty() ? "" : localSpec(point.policy()), point.pageSize(), point.heapCapacity(),
                point.countAllocator(), point.seed(), point.coordinates()));
    }

    private String local(String path) {
        String name = shipped.get(path);
        return name == null || Files.exists(Path.of(path)) ? path : SparkFiles.get(name);
    }

    private String localSpec(String text) {
        Spec spec = Spec.parse(text);
        SequencedMap<String, String> options = new LinkedHashMap<>();
        spec.options().forEach((key, value) -> options.put(key, local(value)));
        return new Spec(spec.name(), options).toString();
    }
}
