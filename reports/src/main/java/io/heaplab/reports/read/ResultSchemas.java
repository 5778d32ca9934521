package io.heaplab.reports.read;

import static io.heaplab.reports.schema.Expect.arrayOf;
import static io.heaplab.reports.schema.Expect.atLeast;
import static io.heaplab.reports.schema.Expect.bool;
import static io.heaplab.reports.schema.Expect.count;
import static io.heaplab.reports.schema.Expect.mapOf;
import static io.heaplab.reports.schema.Expect.number;
import static io.heaplab.reports.schema.Expect.object;
import static io.heaplab.reports.schema.Expect.oneOf;
import static io.heaplab.reports.schema.Expect.ratio;
import static io.heaplab.reports.schema.Expect.scalar;
import static io.heaplab.reports.schema.Expect.text;
import static io.heaplab.reports.schema.Expect.whole;
import static io.heaplab.reports.schema.Expect.wholeFrom;

import io.heaplab.core.heap.Accounting;
import io.heaplab.reports.CallTime;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.reports.Environment;
import io.heaplab.reports.JsonResults;
import io.heaplab.reports.Provenance;
import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.ReportJson;
import io.heaplab.reports.model.Series;
import io.heaplab.reports.schema.Elements;
import io.heaplab.reports.schema.Expect;
import io.heaplab.reports.schema.Fields;
import java.util.Arrays;

/**
 * What each result file heaplab writes holds, as {@link JsonResults}, {@link io.heaplab.reports.ReplayResults},
 * {@link io.heaplab.reports.CurveResults}, {@link io.heaplab.reports.DiagnosticsJson} and {@link ReportJson} write
 * it, and the parts every experiment's file shares; JMH's JSON as far as a report reads it.
 *
 * <p>A field heaplab always writes is required; one it writes only sometimes (the searches of a strategy that
 * counts them, the diagnostics of a run that gathered them) is optional, and checked when there. Fields not named
 * are let through, as a newer heaplab may add some without a new schema. Counts are whole numbers from 0, ratios
 * lie between 0 and 1, and a measure that is a quotient may be {@code "NaN"} (or {@code "Infinity"}), as Jackson
 * writes a double without a finite value.
 */
public final class ResultSchemas {

    private ResultSchemas() {
    }

    /** A measure over seeds, {@code {mean, sd}}, whose mean is {@code mean}. */
    public static Fields summary(Expect mean) {
        return object().required("mean", mean).required("sd", atLeast(0).orNotFinite());
    }

    /** A measure over seeds, {@code {mean, sd}}: any mean, a quotient's possibly not finite. */
    public static Fields summary() {
        return summary(number().orNotFinite());
    }

    /** The machine and JDK ({@link Environment#current()}); a field of another heaplab shows as text. */
    private static final Fields ENVIRONMENT = object().optional("heaplab", text()).optional("jdk", text())
            .optional("vm", text()).optional("vendor", text()).optional("os", text()).optional("arch", text())
            .optional("processors", count()).optional("maxHeapMiB", count()).others(scalar());

    /** The head of every heaplab document; {@code schema} and {@code tool} have been checked to find its kind. */
    private static final Fields HEAD = object().required("schema", whole()).required("tool", oneOf("heaplab"))
            .optional(Environment.FIELD, ENVIRONMENT).optional(Provenance.FIELD, text());

    /** Where a stream of references came from: a trace, or one allocator's run of a workload. */
    private static final Fields SOURCE = object().optional("trace", text()).optional("format", text())
            .optional("workload", text()).optional("allocator", text()).optional("pageSize", count())
            .optional("seed", whole()).others(scalar());

    /** One curve ({@link io.heaplab.reports.CurveResults#curveTree}): its points, field by field. */
    static final Fields CURVE = object().required("policy", text())
            .required("axis", oneOf(Arrays.stream(PagingOutcome.Curve.Axis.values())
                    .map(PagingOutcome.Curve.Axis::label).toArray(String[]::new)))
            .required("references", count())
            .required("sizes", arrayOf(wholeFrom(1)))
            .required("faults", arrayOf(count()))
            .required("missRatio", arrayOf(ratio()))
            .required("writeBacks", arrayOf(count()))
            .required("meanResident", arrayOf(atLeast(0)))
            .required("lifetime", arrayOf(atLeast(0).orNull()))
            .sameLength("sizes", "faults", "missRatio", "writeBacks", "meanResident", "lifetime");

    /** Johnstone &amp; Wilson's measures ({@link JsonResults#putFragmentation}). */
    public static final Fields FRAGMENTATION = object().required("averagedOverTime", number().orNotFinite())
            .required("atPeakLive", number().orNotFinite()).required("atPeakHeap", number().orNotFinite())
            .required("peakOverPeak", number().orNotFinite())
            .required("peakLiveBytes", count()).required("heapAtPeakLive", count())
            .required("peakHeapBytes", count()).required("liveAtPeakHeap", count())
            .optional("averagedNearPeak", number().orNotFinite());

    /** A workload's samples, a column each ({@link JsonResults#putTimeline}); a heap-over-time chart's points. */
    public static final Fields TIMELINE = object().required("requests", arrayOf(count()).nonEmpty())
            .required("liveBytes", arrayOf(count())).required("heapBytes", arrayOf(count()))
            .optional("heldBytes", arrayOf(count())).optional("searches", arrayOf(count()))
            .sameLength("requests", "liveBytes", "heapBytes", "heldBytes", "searches");

    /** The time per call of a malloc replay ({@link io.heaplab.reports.CallTime}). */
    static final Fields CALL_TIME = object().required("nanosPerCall", number()).required("fastest", number())
            .required("slowest", number()).required("repeats", count()).required("how", text());

    /** A histogram of the diagnostics: its count, mean and buckets. */
    private static final Fields HISTOGRAM = object().required("count", count()).optional("mean", number())
            .required("buckets", arrayOf(object().required("from", count()).required("to", count())
                    .required("count", count())));

    /** A run's diagnostics ({@link io.heaplab.reports.DiagnosticsJson}). */
    public static final Fields DIAGNOSTICS = object().required("allocations", count())
            .required("blocksPerPage", count())
            .required("faultsPerAllocation", mapOf(atLeast(0).orNotFinite()))
            .required("links", object().required("followed", count()).required("withinPage", count())
                    .required("unresolved", count()).required("gaps", HISTOGRAM))
            .required("visits", object().required("blocks", count()).required("ages", HISTOGRAM))
            .required("phases", arrayOf(object().required("name", text()).required("entries", count())
                    .required("references", count()).required("faults", mapOf(count()))));

    /** What single-size policies measured beyond their faults, by policy and measure. */
    private static final Fields PAGING_MEASURES = mapOf(mapOf(number().orNotFinite()));

    /** One run of {@code heaplab run --json}. */
    private static final Fields RUN = object().required("workload", text()).required("allocator", text())
            .required("pageSize", count()).required("seed", whole())
            .required("references", count()).required("measuredFrom", count())
            .required("allocatorReferences", count()).required("virtualPages", count())
            .required("pagesTouched", count()).required("firstTouches", count())
            .required("counted", object()
                    .required("allocatorReferences", oneOf(Arrays.stream(Accounting.AllocatorReferences.values())
                            .map(Accounting.AllocatorReferences::label).toArray(String[]::new)))
                    .required("firstTouches", bool()))
            .required("allocations", count()).required("frees", count()).required("rejections", count())
            .required("peakLiveBlocks", count()).required("peakLiveBytes", count())
            .required("peakFootprint", count())
            .optional("searches", count()).optional("meanSearches", atLeast(0).orNotFinite())
            .optional("filledShare", ratio())
            // what files written before filledShare carried: its inverse, Purdom's received over filled
            .optional("spaceUtilization", atLeast(1))
            .optional("internalFragmentation", ratio()).optional("externalFragmentation", ratio().orNotFinite())
            .optional("fragmentation", FRAGMENTATION).optional("timeline", TIMELINE)
            .required("faults", mapOf(count())).required("pagingMeasures", PAGING_MEASURES)
            .required("curves", arrayOf(CURVE)).optional("diagnostics", DIAGNOSTICS)
            .optional(CallTime.FIELD, CALL_TIME);

    /** The measures of one experiment point over its seeds ({@code summaries} of a run file). */
    private static final Fields RUN_SUMMARY = object().required("workload", text()).required("allocator", text())
            .required("pageSize", count()).required("seeds", arrayOf(whole()).nonEmpty())
            .others(summary()).required("faults", mapOf(summary(atLeast(0))));

    /** A run that failed, and why. */
    private static final Fields FAILED_RUN = object().required("workload", text()).required("allocator", text())
            .required("pageSize", count()).required("seed", whole()).required("failure", text());

    /** The file of {@code heaplab run --json}: one run at least, as a report has nothing to show without. */
    static final Fields RUNS = HEAD.required("runs", arrayOf(RUN).nonEmpty())
            .optional("summaries", arrayOf(RUN_SUMMARY)).optional("failed", arrayOf(FAILED_RUN));

    /** A stream of references with its counts ({@link io.heaplab.reports.ReferenceStream}). */
    private static final Fields STREAM = object().required("source", SOURCE).required("references", count())
            .required("measuredFrom", count()).required("runs", count()).required("distinctPages", count())
            .optional("warmup", count());

    /** The policies' miss ratio over time ({@link io.heaplab.reports.WindowsJson}). */
    static final Fields WINDOWS = object().required("length", wholeFrom(1))
            .required("ends", arrayOf(wholeFrom(1)).nonEmpty())
            .required("faults", mapOf(arrayOf(count()))).required("missRatio", mapOf(arrayOf(ratio())))
            .optional("curves", mapOf(object().required("sizes", arrayOf(wholeFrom(1)).nonEmpty())
                    .required("faults", arrayOf(arrayOf(count()))).required("missRatio", arrayOf(arrayOf(ratio())))))
            .required("notWindowed", arrayOf(text()));

    /** The file of {@code heaplab trace replay --json}. */
    static final Fields REPLAY = HEAD.with(STREAM).required("faults", mapOf(count()))
            .required("pagingMeasures", PAGING_MEASURES).required("curves", arrayOf(CURVE))
            .optional("windows", WINDOWS);

    /** The file of {@code heaplab curve}: a stream at least, each with its curves. */
    static final Fields CURVES = HEAD.required("streams",
            arrayOf(STREAM.required("curves", arrayOf(CURVE)).optional("windows", WINDOWS)).nonEmpty());

    /** A chart axis. */
    private static final Fields AXIS = object().required("label", text()).required("log", bool())
            .optional("from", number()).optional("to", number());

    /** A figure of a report ({@link Figure}); a missing point is null. */
    private static final Fields FIGURE = object().required("id", text())
            .required("type", oneOf(names(Figure.Type.values()))).required("title", text())
            .required("x", AXIS).required("y", AXIS).required("categories", arrayOf(text()))
            .required("series", arrayOf(object().required("name", text())
                    .required("style", oneOf(names(Series.Style.values())))
                    .required("x", arrayOf(number().orNull())).required("y", arrayOf(number().orNull()))
                    .required("error", arrayOf(number().orNull()))))
            .required("markers", arrayOf(object().required("label", text())
                    .required("x", number().orNotFinite())));

    /** A report's own {@code report.json} ({@link ReportJson}). */
    static final Fields REPORT = HEAD.required("kind", oneOf(ReportJson.KIND)).required("title", text())
            .required("inputs", arrayOf(text()))
            .required("sections", arrayOf(object().required("title", text()).required("source", text())
                    .required("parameters", mapOf(text())).required("environment", mapOf(text()))
                    .required("notes", arrayOf(text()))
                    .required("tables", arrayOf(object().required("title", text())
                            .required("columns", arrayOf(text())).required("rows", arrayOf(arrayOf(text())))))
                    .required("figures", arrayOf(FIGURE))));

    /** A JMH score: a value, its error ({@code "NaN"} after a single iteration) and its unit. */
    private static final Fields JMH_METRIC = object().required("score", number().orNotFinite())
            .required("scoreError", number().orNotFinite())
            .optional("scoreConfidence", arrayOf(number().orNotFinite()))
            .optional("scorePercentiles", mapOf(number().orNotFinite()))
            .required("scoreUnit", text())
            .optional("rawData", arrayOf(arrayOf(number().orNotFinite())));

    /**
     * JMH's JSON result ({@code -rf json}): a benchmark at least, each named {@code package.Class.method} as the
     * report groups them by class; the rest of what JMH writes is checked for its type when there.
     */
    static final Elements JMH = arrayOf(object()
            .optional("jmhVersion", text())
            .required("benchmark", Expect.matching(".*[^.]\\.[^.]+", "a benchmark's full name, Class.method"))
            .required("mode", text()).optional("threads", count()).optional("forks", count())
            .optional("jvm", text()).optional("jvmArgs", arrayOf(text())).optional("jdkVersion", text())
            .optional("vmName", text()).optional("vmVersion", text())
            .optional("warmupIterations", count()).optional("warmupTime", text())
            .optional("warmupBatchSize", count()).optional("measurementIterations", count())
            .optional("measurementTime", text()).optional("measurementBatchSize", count())
            .optional("params", mapOf(text()))
            .required("primaryMetric", JMH_METRIC).optional("secondaryMetrics", mapOf(JMH_METRIC))).nonEmpty();

    /** What a study's claim is: the claim, whether it holds, the evidence and the same test on the paper's figures. */
    private static final Fields CLAIM = object().required("claim", text()).optional("tolerance", text())
            .required("holds", bool())
            .optional("verdict", oneOf("agrees", "DISAGREES", "not tested"))
            .required("evidence", text()).optional("published", text()).optional("cause", text());

    /**
     * An experiment's file: the head, {@code experiment} and {@code source}, then {@code own} (the experiment's
     * parameters and results), then its notes (what the docs know of its distance from the paper), the strategies
     * that failed and the claims, in the order a study writes them.
     */
    public static Fields experiment(Fields own) {
        return HEAD.required("experiment", text()).required("source", text()).with(own)
                .optional("notes", arrayOf(text()))
                .optional("failed", arrayOf(object().required("strategy", text()).required("failure", text())))
                .optional("claims", arrayOf(CLAIM));
    }

    private static String[] names(Enum<?>[] values) {
        return Arrays.stream(values).map(Enum::name).toArray(String[]::new);
    }
}
