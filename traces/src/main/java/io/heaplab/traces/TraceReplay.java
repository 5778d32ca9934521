package io.heaplab.traces;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Watchdog;
import io.heaplab.core.run.ByteMisses;
import io.heaplab.core.run.CurveWindows;
import io.heaplab.core.run.FaultWindows;
import io.heaplab.core.run.PluginFailure;
import io.heaplab.core.run.PolicyBinder;
import io.heaplab.core.run.WindowedFaults;
import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.files.InputFile;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.CountingSink;
import io.heaplab.core.trace.FanOut;
import io.heaplab.core.trace.ObjectSizes;
import io.heaplab.core.trace.ParallelFanOut;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.core.trace.WarmupBoundary;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.function.LongConsumer;
import java.util.SequencedMap;

/**
 * A trace file replayed through replacement policies, told step by step and run in one pass:
 * <pre>{@code
 * ReplayResult result = TraceReplay.of(Path.of("ls.lackey"))
 *         .policies("lru:frames=100", "lru:frames=all")
 *         .run(Plugins.load());
 * long faults = result.faults("lru:frames=100");
 * long at50 = result.curve("lru:frames=all").faultsAt(50);
 * }</pre>
 * Any format {@link TraceFiles} reads will do; it is found from the file's name and content unless {@linkplain
 * #format(TraceFormatSpec) told}. Every policy's simulator is made, and its spec checked, before reading starts, so
 * a typo costs no pass over a large trace. A replay can be run again, each time from the start of the file with
 * fresh simulators.
 *
 * <p>As a cache researcher's simulator does (libCacheSim, Caffeine's), a replay can {@linkplain #warmup(long) warm}
 * the policies before counting, gives each policy's miss ratio over time in {@linkplain #window(long) windows} (a
 * one-pass curve's at every {@link io.heaplab.core.spi.CurveGrid} size), and on a trace that carries object sizes the {@linkplain #byteMissRatio(boolean) byte miss ratio}.
 */
public final class TraceReplay {

    private final Path trace;
    private final List<Spec> policies = new ArrayList<>();
    private TraceFormatSpec format;
    private int pageSize = ReadOptions.DEFAULT_PAGE_SIZE;
    private boolean pageSizeGiven;
    private boolean instructions;
    private int idColumn = 1;
    private int threads = Runtime.getRuntime().availableProcessors();
    private boolean header;
    /** Told the references replayed so far after each batch, or null: a replay nobody watches counts nothing. */
    private LongConsumer progress;
    private int sizeColumn;
    private long warmup;
    private double warmupFraction = -1;
    /** The trace's references when a pass has counted them already; -1 when not known. */
    private long counted = -1;
    /** References per window; 0 for windows that fit the trace; -1, the default, for none. */
    private long window = -1;
    private boolean byteMissRatio;

    private TraceReplay(Path trace) {
        this.trace = trace;
    }

    /** A replay of the trace file {@code trace}, through no policy yet. */
    public static TraceReplay of(Path trace) {
        return new TraceReplay(Objects.requireNonNull(trace, "trace"));
    }

    /** The trace's format; {@code null}, as by default, to tell it from the content. */
    public TraceReplay format(TraceFormatSpec format) {
        this.format = format;
        return this;
    }

    /**
     * Bytes per page, a power of 2, to cut a lackey trace's byte addresses into (default {@value
     * ReadOptions#DEFAULT_PAGE_SIZE}). A heaplab trace holds pages already and names their size: giving it another
     * fails the replay, and so does any page size for a trace of object ids.
     */
    public TraceReplay pageSize(int pageSize) {
        new ReadOptions(pageSize, instructions); // checks it now, where the mistake is made
        this.pageSize = pageSize;
        this.pageSizeGiven = true;
        return this;
    }

    /** Whether a lackey trace's instruction fetches are references too (default: data references only). */
    public TraceReplay instructions(boolean instructions) {
        this.instructions = instructions;
        return this;
    }

    /** Cores to simulate the policies on, side by side (default: every processor); results do not depend on it. */
    public TraceReplay threads(int threads) {
        if (threads < 1) {
            throw new SpecException("threads: " + threads + " (expected: 1 or more)");
        }
        this.threads = threads;
        return this;
    }

    /**
     * Where an id trace (libCacheSim's txt or csv) holds its object ids: the 1-based comma-separated column
     * (default 1), and whether its first line is a header to skip (default not).
     */
    public TraceReplay ids(int column, boolean header) {
        new ReadOptions(ReadOptions.DEFAULT_PAGE_SIZE, false, column, header); // checks it where the mistake is made
        this.idColumn = column;
        this.header = header;
        return this;
    }

    /**
     * The 1-based comma-separated column where an id trace (libCacheSim's csv) holds each request's object size in
     * bytes, for the {@linkplain #byteMissRatio(boolean) byte miss ratio}; 0, the default, for none.
     */
    public TraceReplay sizeColumn(int column) {
        try {
            new ReadOptions(ReadOptions.DEFAULT_PAGE_SIZE, false, idColumn, header, column); // checks it here
        } catch (IllegalArgumentException e) {
            throw new SpecException(e.getMessage()); // the user's mistake, not the run's
        }
        this.sizeColumn = column;
        return this;
    }

    /**
     * References that warm the policies before any is counted (default 0): the first {@code references} go
     * through every policy and curve, and their faults, write-backs and bytes are forgotten. A trace that marks a
     * measured phase of its own is counted from the later of the two. The replay fails if the trace is not longer.
     */
    public TraceReplay warmup(long references) {
        if (references < 0) {
            throw new SpecException("warmup: " + references + " (expected: a number of references, 0 or more)");
        }
        this.warmup = references;
        this.warmupFraction = -1;
        return this;
    }

    /**
     * A warm-up of a {@code fraction} of the trace's references, rounded down, from 0 up to but not including 1;
     * the replay counts the references in a first pass through no policy, unless {@linkplain #references(long)
     * told} them.
     */
    public TraceReplay warmupFraction(double fraction) {
        if (!(fraction >= 0 && fraction < 1)) {
            throw new SpecException("warmup: " + fraction + " of the trace (expected: a fraction from 0 up to 1, "
                    + "1 excluded)");
        }
        this.warmupFraction = fraction;
        this.warmup = 0;
        return this;
    }

    /**
     * Tells the replay how many references the trace holds, counted by an earlier pass (the one that counts its
     * pages for sizes given as a share of them), so a warm-up given as a share of the trace costs no pass of its
     * own.
     */
    public TraceReplay references(long references) {
        if (references < 0) {
            throw new IllegalArgumentException("references: " + references + " (expected: 0 or more)");
        }
        this.counted = references;
        return this;
    }

    /**
     * Keeps each policy's miss ratio over time (a one-pass curve's at every grid size) in windows of {@code
     * references} (1 or more); by default a replay keeps none, and costs nothing for them.
     */
    public TraceReplay window(long references) {
        if (references < 1) {
            throw new SpecException("window: " + references + " (expected: a number of references, 1 or more)");
        }
        this.window = references;
        return this;
    }

    /**
     * Keeps each policy's miss ratio over time in windows that fit the trace, whatever its length:
     * between {@value WindowedFaults#FEWEST} and {@value WindowedFaults#MOST} of them, with no pass to count it.
     */
    public TraceReplay adaptiveWindows() {
        this.window = 0;
        return this;
    }

    /**
     * Whether to weigh each request by its object's size and report the byte miss ratio beside the object miss
     * ratio (default not): the trace must carry sizes (libCacheSim's oracleGeneral, or a csv with a {@linkplain
     * #sizeColumn(int) size column}); curves and OPT, which count
     * their faults only at the end, get none.
     */
    public TraceReplay byteMissRatio(boolean byteMissRatio) {
        this.byteMissRatio = byteMissRatio;
        return this;
    }

    /** One more policy, a spec such as {@code lru:frames=100}, {@code lru:frames=all} or {@code ws:theta=all}. */
    public TraceReplay policy(String policy) {
        return policy(Spec.parse(policy));
    }

    /** One more policy. */
    public TraceReplay policy(Spec policy) {
        policies.add(Objects.requireNonNull(policy, "policy"));
        return this;
    }

    /** More policies, in order; results keep it. */
    public TraceReplay policies(String... policies) {
        for (String policy : policies) {
            policy(policy);
        }
        return this;
    }

    /** More policies, in order; results keep it. */
    public TraceReplay policies(List<Spec> policies) {
        policies.forEach(this::policy);
        return this;
    }

    /**
     * {@code listener} is told how many references have been replayed so far after each batch, on the thread that
     * reads the trace: a progress bar's feed.
     */
    public TraceReplay progress(LongConsumer listener) {
        this.progress = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /**
     * Checks every policy against {@code plugins} and that the trace is a file, reading nothing: an unknown
     * name, a bad option or a policy given twice (results are keyed by spec) fails with a one-line {@link
     * SpecException}.
     */
    public void check(Plugins plugins) {
        bind(plugins).simulators();
        checkFile();
    }

    /** Replays the trace through the policies the plugins on heaplab's own class path provide. */
    public ReplayResult run() throws IOException {
        return run(Plugins.load());
    }

    /**
     * Replays the whole trace once through every policy, finishes them, and gathers their outcomes with the
     * stream's counts.
     *
     * @throws SpecException        when a policy is unknown or malformed, given twice, or the trace is not a file; a
     *                              {@link ReadOptionException} when an option given means nothing to the trace or
     *                              it contradicts it (a page size other than a heaplab trace's)
     * @throws TraceFormatException when the file is malformed, naming the line or byte
     */
    public ReplayResult run(Plugins plugins) throws IOException {
        PolicyBinder binder = bind(plugins);
        if (binder.suspects().isEmpty()) {
            return replay(binder);
        }
        // a plugin's policy that never returns would hang the replay: it has the plugins' time limit
        try {
            return Watchdog.call("heaplab replay of " + trace.getFileName(), () -> replayBlaming(binder));
        } catch (Watchdog.Expired e) {
            throw binder.expired("replay", e);
        }
    }

    /** Replays; a failure in a plugin policy's code names the plugin, as a run's does. */
    private ReplayResult replayBlaming(PolicyBinder binder) throws IOException {
        try {
            return replay(binder);
        } catch (PluginFailure | SpecException e) {
            throw e; // already says what is wrong
        } catch (RuntimeException | Error e) {
            PluginFailure blamed = binder.blame("replay", e);
            if (blamed == null) {
                throw e;
            }
            throw blamed;
        }
    }

    private ReplayResult replay(PolicyBinder binder) throws IOException {
        List<PagingSimulator> simulators = binder.simulators();
        checkFile();
        ReadOptions options = new ReadOptions(pageSize, instructions, idColumn, header, sizeColumn);
        try (TraceReader reader = TraceFiles.open(trace, format, options)) {
            options.checkApplies(reader, trace.toString(), pageSizeGiven);
            ObjectSizes sizes = byteMissRatio ? new ObjectSizes() : null;
            if (sizes != null && !reader.recordSizes(sizes)) {
                throw new SpecException("byte miss ratio: trace '" + trace + "' is " + TraceFormats.article(
                        reader.format().label()) + " trace, which gives no object sizes (expected: a trace with "
                        + "sizes: libCacheSim's oracleGeneral, or an ids trace with a size column)");
            }
            // after every refusal the trace's head can tell: a share of the trace costs a whole pass to count it; the
            // share in decimal, as written (0.29, not 0.28999...), of the count, rounded down to whole references
            long warm = warmupFraction < 0 ? warmup : new java.math.BigDecimal(Double.toString(warmupFraction))
                    .multiply(java.math.BigDecimal.valueOf(counted >= 0 ? counted : countReferences(options)))
                    .setScale(0, java.math.RoundingMode.FLOOR).longValueExact();
            List<PagingSimulator> measured = new ArrayList<>();
            List<WindowedFaults> windowed = new ArrayList<>();
            // every windowed policy merges its windows at the same count, so all their windows end together
            int most = WindowedFaults.mostGiven(simulators);
            for (PagingSimulator simulator : simulators) {
                PagingSimulator policy = simulator;
                if (sizes != null && simulator.faultsSoFar() >= 0) {
                    policy = new ByteMisses(policy, sizes);
                }
                if (window >= 0 && WindowedFaults.accepts(policy)) {
                    WindowedFaults windows = window > 0 ? WindowedFaults.every(policy, window, most)
                            : WindowedFaults.adaptive(policy);
                    windowed.add(windows);
                    policy = windows;
                } else {
                    windowed.add(null);
                }
                measured.add(policy);
            }
            ReferenceTally tally = ReferenceTally.ofDensePages(); // replayDense numbers pages as they first come
            // the trace is decoded once; its policies are simulated side by side, each seeing every batch in order
            try (ParallelFanOut all = new ParallelFanOut(measured, threads)) {
                // the warm-up cuts the stream once, between two batches: nothing is compared per reference; the
                // tally counts the trace as it is, before the cut, which would make one run of the one it splits two
                ReferenceSink policies = warm > 0 ? new WarmupBoundary(all, warm) : all;
                ReferenceSink stream = new FanOut(List.of(tally, policies));
                ReferenceSink fed = progress == null ? stream : CountingSink.around(stream, progress);
                reader.replayDense(fed);
                fed.finish();
            }
            if (warm > 0 && warm >= tally.references()) {
                throw new SpecException("warmup: " + warm + " references, but trace '" + trace + "' holds "
                        + tally.references() + " (expected: a warm-up shorter than the trace)");
            }
            SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
            SequencedMap<String, long[]> windowFaults = new LinkedHashMap<>();
            SequencedMap<String, CurveWindows> curveWindows = new LinkedHashMap<>();
            List<String> notWindowed = new ArrayList<>();
            long[] ends = new long[0];
            long length = 0;
            for (int i = 0; i < policies.size(); i++) {
                String spec = policies.get(i).toString();
                PagingOutcome outcome = measured.get(i).outcome();
                paging.put(spec, outcome);
                WindowedFaults windows = windowed.get(i);
                if (windows == null) {
                    notWindowed.add(spec); // OPT or a sampled curve, or every policy when no windows were asked for
                } else {
                    if (windows.onGrid()) {
                        long[] points = ((PagingOutcome.Curve) outcome).sizes();
                        curveWindows.put(spec, windows.onGrid(points.length == 0 ? 1 : points[points.length - 1]));
                    } else {
                        windowFaults.put(spec, windows.faults());
                    }
                    ends = windows.ends();
                    length = windows.length();
                }
            }
            // an empty trace has no window to show
            FaultWindows windows = ends.length == 0 ? null
                    : new FaultWindows(length, ends, windowFaults, curveWindows, notWindowed);
            // counting starts at the later of the warm-up's end and the trace's own measured phase
            return new ReplayResult(trace, reader.format(), reader.pageSize(), tally.references(),
                    Math.max(warm, tally.measuredFrom()), tally.runs(), tally.distinctPages(), paging, warm, windows);
        }
    }

    /** The references in the trace: a first pass through no policy, for a warm-up given as a fraction. */
    private long countReferences(ReadOptions options) throws IOException {
        try (TraceReader reader = TraceFiles.open(trace, format, options)) {
            options.checkApplies(reader, trace.toString(), pageSizeGiven);
            ReferenceTally tally = ReferenceTally.ofDensePages();
            // the counting pass is watched too: a long trace is read twice, and the bar follows both readings
            reader.replayDense(progress == null ? tally : CountingSink.around(tally, progress));
            return tally.references();
        }
    }

    private PolicyBinder bind(Plugins plugins) {
        return PolicyBinder.of(plugins, policies);
    }

    private void checkFile() {
        InputFile.check("trace", trace, "a trace to read");
    }
}
