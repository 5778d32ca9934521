package io.heaplab.cli;

import io.heaplab.core.spi.PagingOutcome;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.core.trace.FanOut;
import io.heaplab.core.trace.ReferenceSink;
import io.heaplab.core.trace.ReferenceTally;
import io.heaplab.reports.ReferenceStream;
import io.heaplab.traces.TraceReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.Set;

/** Policies replayed over one trace file: every simulator is made (and its spec checked) before reading starts. */
final class PolicyReplay {

    private final List<Spec> policies;
    private final List<PagingSimulator> simulators = new ArrayList<>();

    PolicyReplay(Plugins plugins, List<Spec> policies) {
        this.policies = List.copyOf(policies);
        Set<String> seen = new HashSet<>();
        for (Spec policy : policies) {
            if (!seen.add(policy.toString())) {
                throw new SpecException("policy '" + policy + "' given twice (expected: each once)");
            }
            simulators.add(plugins.simulator(policy));
        }
    }

    /** What the replay measured: the stream's counts and each policy's outcome, keyed by spec. */
    record Outcome(ReferenceStream stream, SequencedMap<String, PagingOutcome> paging) {
    }

    /** Streams the whole trace through every policy, finishes them, and gathers their outcomes. */
    Outcome replay(TraceReader reader, SequencedMap<String, Object> origin) throws IOException {
        ReferenceTally tally = new ReferenceTally();
        List<ReferenceSink> sinks = new ArrayList<>(simulators);
        sinks.add(tally);
        FanOut all = new FanOut(sinks);
        reader.replay(all);
        all.finish();
        SequencedMap<String, PagingOutcome> paging = new LinkedHashMap<>();
        for (int i = 0; i < policies.size(); i++) {
            paging.put(policies.get(i).toString(), simulators.get(i).outcome());
        }
        return new Outcome(new ReferenceStream(origin, tally.references(), tally.measuredFrom(), tally.runs(),
                tally.distinctPages()), paging);
    }
}
