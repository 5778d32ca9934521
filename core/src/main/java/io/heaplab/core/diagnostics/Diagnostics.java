package io.heaplab.core.diagnostics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;

/**
 * What a run tells about its program beyond the faults, over the measured phase: how far apart in allocation
 * order the blocks joined by each link it follows are, how old the blocks it reads are, and where its faults
 * fall among its phases. The diagnostics the MRU paper's figures call for (Brent 1989): a program whose links
 * join blocks allocated close together, read in allocation order, pages well under any strategy that keeps
 * allocation order in address order.
 *
 * @param allocations     blocks allocated in the measured phase: faults per allocation divides by this
 * @param blocksPerPage   blocks of the workload's one size on a page, or 0 when sizes vary
 * @param links           links followed: the workload read a block's address in another block and went there
 * @param linksWithinPage links whose two blocks were allocated fewer than {@code blocksPerPage} apart
 * @param linksUnresolved links with an end that was not the start of a live block (not counted in the gaps)
 * @param linkGaps        the gap in allocation order between the two blocks of each link
 * @param visits          blocks the workload began to read
 * @param ages            the age of each block visited: allocations made since its own (0 for the latest)
 * @param phases          the program's phases in the order first entered, the rest of the run first
 */
public record Diagnostics(long allocations, long blocksPerPage, long links, long linksWithinPage,
                          long linksUnresolved, Histogram linkGaps, long visits, Histogram ages, List<Phase> phases) {

    /** The name of the phase a run is in until its workload enters one of its own. */
    public static final String REST = "rest";

    public Diagnostics {
        phases = List.copyOf(phases);
    }

    /**
     * One phase of the program (PQSIM's inserts, its delete-mins): what it cost.
     *
     * @param name       the phase's name, as the workload defined it
     * @param entries    how often the program entered it
     * @param references the references made in it
     * @param faults     the faults it caused under each fixed-memory policy that counts faults as it goes, keyed
     *                   by the policy's spec; a fault is the phase's whose reference began the faulting run
     */
    public record Phase(String name, long entries, long references, SequencedMap<String, Long> faults) {
        public Phase {
            faults = Collections.unmodifiableSequencedMap(new LinkedHashMap<>(faults));
        }
    }
}
