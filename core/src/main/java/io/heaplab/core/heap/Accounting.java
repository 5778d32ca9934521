package io.heaplab.core.heap;

import java.util.Locale;
import java.util.Objects;

/**
 * Which faults a run counts: whether the allocator's own references to the heap are paged, at allocation, at
 * disposal or both, and whether each page's first touch counts as a fault (a demand-zero fault every policy takes,
 * which Brent's NOFREE figures suggest he did not count).
 *
 * @param allocatorReferences which of the allocator's bookkeeping references are paged
 * @param firstTouchCounted   whether the first reference to each page in the measured phase counts as a fault
 */
public record Accounting(AllocatorReferences allocatorReferences, boolean firstTouchCounted) {

    /** Brent's accounting and heaplab's default: the workload's references only, every fault counted. */
    public static final Accounting WORKLOAD = new Accounting(AllocatorReferences.NONE, true);

    public Accounting {
        Objects.requireNonNull(allocatorReferences, "allocatorReferences");
    }

    /** This accounting with the allocator's references paged as {@code references} says. */
    public Accounting withAllocatorReferences(AllocatorReferences references) {
        return new Accounting(references, firstTouchCounted);
    }

    /** This accounting with first touches counted or not. */
    public Accounting withFirstTouchCounted(boolean counted) {
        return new Accounting(allocatorReferences, counted);
    }

    /** Which of the allocator's references to its bookkeeping in the heap are paged. */
    public enum AllocatorReferences {
        /** None: strategies compared, not their implementations (Brent). */
        NONE(false, false),
        /** Those made while allocating; those made while disposing are not paged. */
        ALLOCATE(true, false),
        /** Those made while disposing a block; those made while allocating are not paged. */
        DISPOSE(false, true),
        /** All of them: a real allocator's paging cost. */
        ALL(true, true);

        private final boolean atAllocate;
        private final boolean atDispose;

        AllocatorReferences(boolean atAllocate, boolean atDispose) {
            this.atAllocate = atAllocate;
            this.atDispose = atDispose;
        }

        public boolean atAllocate() {
            return atAllocate;
        }

        public boolean atDispose() {
            return atDispose;
        }

        /** Whether any of them is paged. */
        public boolean any() {
            return atAllocate || atDispose;
        }

        /** The lower-case name the command line and the result files use. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The value named {@code label}, or null. */
        public static AllocatorReferences of(String label) {
            for (AllocatorReferences r : values()) {
                if (r.label().equals(label)) {
                    return r;
                }
            }
            return null;
        }
    }
}
