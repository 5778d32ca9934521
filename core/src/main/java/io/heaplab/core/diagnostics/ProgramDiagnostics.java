package io.heaplab.core.diagnostics;

import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.trace.PageRun;
import io.heaplab.core.trace.ReferenceSink;
import it.unimi.dsi.fastutil.longs.Long2LongOpenHashMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SequencedMap;

/**
 * Gathers a run's {@link Diagnostics} as its workload tells what it does: each block allocated and freed, each
 * link followed, each block visited, each phase entered. It is also a sink of the run's references, to count them
 * by the phase the recorder tags each run with (the run tells the heap of each phase entered, as it tells this);
 * everything it counts starts afresh with the measured phase, while the blocks' allocation order is remembered
 * across it.
 *
 * <p>Off the hot path unless a run asks for diagnostics: a workload's calls reach it only then.
 */
public final class ProgramDiagnostics implements ReferenceSink {

    private final long blocksPerPage;
    /** Each live block's place in allocation order, by its address. */
    private final Long2LongOpenHashMap order = new Long2LongOpenHashMap();
    private long sequence;
    private long allocations;

    private long links;
    private long linksWithinPage;
    private long linksUnresolved;
    private final Histogram.Tally gaps = new Histogram.Tally();
    private long visits;
    private final Histogram.Tally ages = new Histogram.Tally();

    private final List<String> phaseNames = new ArrayList<>(List.of(Diagnostics.REST));
    private long[] entries = new long[4];
    private long[] references = new long[4];
    private int phase;

    /**
     * Diagnostics for a run whose recorder tags runs with phases ({@link
     * io.heaplab.core.trace.ReferenceRecorder#trackPhases}) and hands them to this and to its {@link #phased} sinks.
     *
     * @param blocksPerPage blocks of the workload's one size on a page, or 0 when sizes vary
     */
    public ProgramDiagnostics(long blocksPerPage) {
        this.blocksPerPage = blocksPerPage;
        order.defaultReturnValue(-1);
    }

    /** A block was allocated at {@code address}: it takes the next place in allocation order. */
    public void allocated(long address) {
        order.put(address, sequence++);
        allocations++;
    }

    /** The block at {@code address} was freed. */
    public void freed(long address) {
        order.remove(address);
    }

    /** The workload read the address of the block at {@code to} in the block at {@code from}, and went there. */
    public void followed(long from, long to) {
        long a = order.get(from);
        long b = order.get(to);
        if (a < 0 || b < 0) {
            linksUnresolved++;
            return;
        }
        long gap = Math.abs(a - b);
        links++;
        gaps.add(gap);
        if (gap < blocksPerPage) {
            linksWithinPage++;
        }
    }

    /** The workload began to read the block at {@code block}. */
    public void visited(long block) {
        long place = order.get(block);
        if (place >= 0) {
            visits++;
            ages.add(sequence - 1 - place);
        }
    }

    /** The id of the phase named {@code name}, defining it if it is new. */
    public int definePhase(String name) {
        int id = phaseNames.indexOf(name);
        if (id >= 0) {
            return id;
        }
        phaseNames.add(name);
        if (phaseNames.size() > entries.length) {
            entries = Arrays.copyOf(entries, 2 * entries.length);
            references = Arrays.copyOf(references, 2 * references.length);
        }
        return phaseNames.size() - 1;
    }

    /** The program enters phase {@code id}, one more entry of it; returns the phase it was in, to resume. */
    public int enter(int id) {
        int was = phase;
        if (id != was) {
            switchTo(id);
        }
        entries[id]++; // even when already in it: another insert right after an insert is one more
        return was;
    }

    /** The program goes back to phase {@code id}, which it left for a nested one: not a new entry. */
    public void resume(int id) {
        if (id != phase) {
            switchTo(id);
        }
    }

    private void switchTo(int id) {
        if (id < 0 || id >= phaseNames.size()) {
            throw new IllegalArgumentException("phase: " + id + " (expected: an id definePhase returned)");
        }
        phase = id;
    }

    /** Runs untagged are charged to the first phase, {@link Diagnostics#REST}. */
    @Override
    public void accept(long[] runs, int length) {
        for (int i = 0; i < length; i++) {
            references[0] += PageRun.count(runs[i]);
        }
    }

    @Override
    public void accept(long[] runs, int[] phases, int length) {
        for (int i = 0; i < length; i++) {
            references[phases[i]] += PageRun.count(runs[i]);
        }
    }

    @Override
    public void startMeasuring() {
        allocations = 0;
        links = 0;
        linksWithinPage = 0;
        linksUnresolved = 0;
        gaps.reset();
        visits = 0;
        ages.reset();
        Arrays.fill(entries, 0);
        Arrays.fill(references, 0);
        // the phase in progress goes on in the measured phase, which charges it what it does from here
        entries[phase] = 1;
    }

    /** A sink that feeds {@code simulator} and counts its faults by phase, for {@link #diagnostics}. */
    public PhasedFaults phased(PagingSimulator simulator) {
        return new PhasedFaults(simulator);
    }

    /**
     * What was gathered, once the run has ended and its recorder finished.
     *
     * @param phased the phased sinks of the run's fixed-memory policies, by the policy's spec
     */
    public Diagnostics diagnostics(Map<String, PhasedFaults> phased) {
        List<Diagnostics.Phase> list = new ArrayList<>();
        for (int id = 0; id < phaseNames.size(); id++) {
            SequencedMap<String, Long> faults = new LinkedHashMap<>();
            for (Map.Entry<String, PhasedFaults> e : phased.entrySet()) {
                faults.put(e.getKey(), e.getValue().faults(id));
            }
            list.add(new Diagnostics.Phase(phaseNames.get(id), entries[id], references[id], faults));
        }
        return new Diagnostics(allocations, blocksPerPage, links, linksWithinPage, linksUnresolved,
                gaps.snapshot(), visits, ages.snapshot(), list);
    }
}
