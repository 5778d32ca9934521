package io.heaplab.allocators.mimalloc;

import io.heaplab.core.heap.Bytes;
import io.heaplab.core.heap.HeapAccess;
import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * mimalloc's segments: 512 slices each, 32 MiB aligned to their size, the first slices holding the segment info
 * (header and one descriptor per slice), the rest handed out as pages of whole slices from the thread's span
 * queues, free spans coalescing with their neighbours when a page comes back (mimalloc 2.0.9,
 * {@code src/segment.c}).
 *
 * <h2>Layout</h2>
 *
 * <pre>
 *  segment (512 slices, aligned to its size)
 *  +--------------------+--------+--------+----------------+--------+--------------------------------+
 *  | info: header 264 B | small  | small  | medium page    | free   | free span ...                  |
 *  | slices[513] x 80 B | page   | page   | (8 slices)     | span   |                                |
 *  +--------------------+--------+--------+----------------+--------+--------------------------------+
 *  slice 0               1        2        3 .. 10          11       12 .. 511
 *
 *  header  +208 used (pages)  +224 segment_slices  +232 segment_info_slices  +240 kind  +248 slice_entries
 *  slice   the first slice of a page or span is its descriptor (count, offset 0); the next up to 255 slices of a
 *          page and its last hold a back offset to it (count 0, xblock_size 1), so free(p) finds the page from
 *          the slice index of p in O(1); a free span keeps only its first and last entry (xblock_size 0)
 * </pre>
 *
 * <h2>Spans</h2>
 *
 * A free span sits in the span queue of its slice count's bin ({@code mi_slice_bin}: exact to 8, then 4 bins per
 * doubling), in the thread's {@code tld} at {@link #SPANS} of the static area. A page of {@code n} slices takes the
 * first span of at least {@code n} slices found from {@code n}'s bin up, splitting off the rest
 * ({@code mi_segments_page_find_and_allocate}); when none is found a new segment is begun, one free span of all its
 * slices after the info. A page freed coalesces with a free span on either side
 * ({@code mi_segment_span_free_coalesce}); when a segment holds no page any more it is freed and its address range
 * taken by the next segment begun.
 *
 * <h2>What the model changes</h2>
 *
 * Segments are numbered slots in heaplab's heap, slot {@code k} at {@code arena + k * segmentSize}; the address of
 * a block masks to its segment relative to {@code arena}, as a real address masks to its 32 MiB-aligned segment.
 * A new segment takes the lowest free slot (a huge one the lowest run of free slots that holds it), where the real
 * one comes from the segment cache or the OS; address space is reserved but the heap only grows to the touched
 * prefix ({@link TouchedPrefix}). The {@code memset} of a reused segment's info is recorded as one write touch,
 * bounded by the info; the model never needs the zeros, since it writes every entry it later reads. Commit masks,
 * delayed decommit, abandonment and arenas are not modelled; memory freed is only reused.
 */
final class Segments {

    /** The thread's span queues in the static area: {@code MI_SEGMENT_BIN_MAX + 1} of {first, last, slice_count}. */
    static final int SPANS = 3072;
    static final int SPAN_BINS = 36;
    static final int SPAN_QUEUE_SIZE = 24;

    static final int MEMSET_FROM = 184;
    static final int USED = 208;
    static final int SEGMENT_SLICES = 224;
    static final int INFO_SLICES = 232;
    static final int KIND = 240;
    static final int SLICE_ENTRIES = 248;
    static final int NORMAL = 0;
    static final int HUGE = 1;

    private final HeapAccess m;
    private final Geometry g;
    private final PageDescriptors pages;
    private final TouchedPrefix prefix;
    private final long spans;
    private final long arena;
    private boolean[] slotUsed = new boolean[4];
    /** Slots begun so far: a slot below this has been touched. */
    private int slots;
    private long spansExamined;

    Segments(HeapAccess m, Geometry g, PageDescriptors pages, TouchedPrefix prefix, long staticArea, long arena) {
        this.m = m;
        this.g = g;
        this.pages = pages;
        this.prefix = prefix;
        this.spans = staticArea + SPANS;
        this.arena = arena;
    }

    // ---- addresses -----------------------------------------------------------------------------------------

    /** {@code _mi_ptr_segment}: the segment of {@code address}, by masking. */
    long segmentOf(long address) {
        return arena + (address - arena & ~g.segmentMask);
    }

    long slice(long segment, long index) {
        return segment + Geometry.SEGMENT_HEADER + index * PageDescriptors.SIZE;
    }

    int sliceIndex(long segment, long slice) {
        return (int) ((slice - segment - Geometry.SEGMENT_HEADER) / PageDescriptors.SIZE);
    }

    /** {@code _mi_segment_page_of}: the slice of {@code address}, less its back offset. */
    long pageOf(long address) {
        long segment = segmentOf(address);
        long slice = slice(segment, (address - segment) >>> g.sliceShift);
        return slice - pages.sliceOffset(slice);
    }

    /** {@code _mi_segment_page_start}: where the blocks of {@code page} begin. */
    long pageStart(long page) {
        long segment = segmentOf(page);
        return segment + ((long) sliceIndex(segment, page) << g.sliceShift)
                + Geometry.startOffset(pages.xblockSize(page));
    }

    /** The bytes of {@code page} blocks may take. */
    long pageSize(long page) {
        return ((long) pages.sliceCount(page) << g.sliceShift) - Geometry.startOffset(pages.xblockSize(page));
    }

    /** {@code mi_page_block_size}: {@code xblock_size}, or the page's size when that is the huge marker. */
    long blockSize(long page) {
        long x = pages.xblockSize(page);
        return x < Geometry.HUGE_BLOCK_SIZE ? x : pageSize(page);
    }

    int kind(long segment) {
        return m.getInt(segment + KIND);
    }

    int sliceEntries(long segment) {
        return (int) m.getLong(segment + SLICE_ENTRIES);
    }

    long segmentSlices(long segment) {
        return m.getLong(segment + SEGMENT_SLICES);
    }

    long usedPages(long segment) {
        return m.getLong(segment + USED);
    }

    private void setUsedPages(long segment, long used) {
        m.setLong(segment + USED, used);
    }

    long spansExamined() {
        return spansExamined;
    }

    // ---- pages ---------------------------------------------------------------------------------------------

    /**
     * {@code _mi_segment_page_alloc}: a page for blocks of {@code blockSize} bytes, its descriptor set up as a span
     * ({@code xblock_size} its whole size); 0 when a bounded heap cannot hold a new segment.
     */
    long allocatePage(long blockSize) {
        if (blockSize <= g.smallObjMax) {
            return pagesAlloc(blockSize);
        } else if (blockSize <= g.mediumObjMax) {
            return pagesAlloc(g.mediumPage);
        } else if (blockSize <= g.largeObjMax) {
            return pagesAlloc(blockSize);
        }
        return hugePageAlloc(blockSize);
    }

    /** {@code mi_segments_page_alloc}: whole slices, or whole medium pages above a medium page's size. */
    private long pagesAlloc(long required) {
        long pageSize = Bytes.alignUp(required, required > g.mediumPage ? g.mediumPage : g.slice);
        int count = (int) (pageSize >>> g.sliceShift);
        long page = findAndAllocate(count);
        if (page == 0 && newSegment(0) != 0) {
            page = findAndAllocate(count);
        }
        return page;
    }

    /** {@code mi_segment_huge_page_alloc}: a segment of its own, as many slices as the block and the info need. */
    private long hugePageAlloc(long blockSize) {
        long segment = newSegment(blockSize);
        if (segment == 0) {
            return 0;
        }
        long page = spanAllocate(segment, g.infoSlices, (int) (segmentSlices(segment) - g.infoSlices));
        pages.setXblockSize(page, pageSize(page));
        return page;
    }

    /** {@code mi_segments_page_find_and_allocate}: the first span of at least {@code count} slices, bin by bin up. */
    private long findAndAllocate(int count) {
        for (int bin = sliceBin(count); bin < SPAN_BINS; bin++) {
            long queue = spanQueue(bin);
            for (long slice = m.getLong(queue); slice != 0; slice = pages.next(slice)) {
                spansExamined++;
                int found = pages.sliceCount(slice);
                if (found >= count) {
                    spanDelete(queue, slice);
                    long segment = segmentOf(slice);
                    int index = sliceIndex(segment, slice);
                    if (found > count) {
                        spanFree(segment, index + count, found - count);
                    }
                    return spanAllocate(segment, index, count);
                }
            }
        }
        return 0;
    }

    /** {@code _mi_segment_page_free}: the page's fields cleared, its slices a free span again, maybe its segment. */
    void freePage(long page) {
        pages.clear(page);
        pages.setXblockSize(page, 1);
        long segment = segmentOf(page);
        coalesce(segment, page);
        long used = usedPages(segment) - 1;
        setUsedPages(segment, used);
        if (used == 0) {
            freeSegment(segment);
        }
    }

    // ---- spans ---------------------------------------------------------------------------------------------

    /** {@code mi_slice_bin}: exact up to 8 slices, then 4 bins per doubling. */
    static int sliceBin(int count) {
        if (count <= 1) {
            return count;
        }
        int c = count - 1;
        int s = 31 - Integer.numberOfLeadingZeros(c);
        if (s <= 2) {
            return c + 1;
        }
        return ((s << 2) | (c >>> (s - 2) & 3)) - 4;
    }

    long spanQueue(int bin) {
        return spans + (long) bin * SPAN_QUEUE_SIZE;
    }

    private void spanPush(long queue, long slice) {
        long first = m.getLong(queue);
        pages.setPrev(slice, 0);
        pages.setNext(slice, first);
        m.setLong(queue, slice);
        if (first != 0) {
            pages.setPrev(first, slice);
        } else {
            m.setLong(queue + 8, slice);
        }
        pages.setXblockSize(slice, 0);
    }

    private void spanDelete(long queue, long slice) {
        long prev = pages.prev(slice);
        long next = pages.next(slice);
        if (prev != 0) {
            pages.setNext(prev, next);
        }
        if (slice == m.getLong(queue)) {
            m.setLong(queue, next);
        }
        if (next != 0) {
            pages.setPrev(next, prev);
        }
        if (slice == m.getLong(queue + 8)) {
            m.setLong(queue + 8, prev);
        }
        pages.setPrev(slice, 0);
        pages.setNext(slice, 0);
        pages.setXblockSize(slice, 1);
    }

    /** {@code mi_segment_span_free}: first and last entry of a free span, queued unless the segment is huge. */
    private void spanFree(long segment, int index, int count) {
        long slice = slice(segment, index);
        pages.setSliceCount(slice, count);
        pages.setSliceOffset(slice, 0);
        if (count > 1) {
            long last = slice(segment, index + count - 1);
            pages.setSliceCount(last, 0);
            pages.setSliceOffset(last, PageDescriptors.SIZE * (count - 1));
            pages.setXblockSize(last, 0);
        }
        if (kind(segment) == HUGE) {
            pages.setXblockSize(slice, 0);
        } else {
            spanPush(spanQueue(sliceBin(count)), slice);
        }
    }

    /** {@code mi_segment_span_free_coalesce}: merges with a free span after and before, then frees the whole. */
    private void coalesce(long segment, long slice) {
        if (kind(segment) == HUGE) {
            pages.setXblockSize(slice, 0);
            return;
        }
        int count = pages.sliceCount(slice);
        int index = sliceIndex(segment, slice);
        if (index + count < sliceEntries(segment)) {
            long next = slice(segment, index + count);
            if (pages.xblockSize(next) == 0) {
                int nextCount = pages.sliceCount(next);
                spanDelete(spanQueue(sliceBin(nextCount)), next);
                count += nextCount;
            }
        }
        if (index > 0) {
            long last = slice(segment, index - 1);
            long prev = last - pages.sliceOffset(last);
            if (pages.xblockSize(prev) == 0) {
                int prevCount = pages.sliceCount(prev);
                spanDelete(spanQueue(sliceBin(prevCount)), prev);
                count += prevCount;
                index = sliceIndex(segment, prev);
            }
        }
        spanFree(segment, index, count);
    }

    /**
     * {@code mi_segment_span_allocate}: makes {@code count} slices from {@code index} one page, writing the back
     * offsets of up to {@link Geometry#MAX_SLICE_OFFSET} slices after the first and of the last.
     */
    private long spanAllocate(long segment, int index, int count) {
        long slice = slice(segment, index);
        pages.setSliceOffset(slice, 0);
        pages.setSliceCount(slice, count);
        pages.setXblockSize(slice, (long) count << g.sliceShift);
        int entries = sliceEntries(segment);
        int extra = Math.min(count - 1, Geometry.MAX_SLICE_OFFSET);
        if (index + extra >= entries) {
            extra = entries - index - 1;
        }
        for (int i = 1; i <= extra; i++) {
            backOffset(slice + (long) i * PageDescriptors.SIZE, i);
        }
        int last = Math.min(count - 1, entries - index);
        if (last > 0) {
            backOffset(slice + (long) last * PageDescriptors.SIZE, last);
        }
        setUsedPages(segment, usedPages(segment) + 1);
        return slice;
    }

    private void backOffset(long slice, int distance) {
        pages.setSliceOffset(slice, PageDescriptors.SIZE * distance);
        pages.setSliceCount(slice, 0);
        pages.setXblockSize(slice, 1);
    }

    // ---- segments ------------------------------------------------------------------------------------------

    /**
     * {@code mi_segment_alloc}: a normal segment ({@code required} 0) with one free span after its info, or a huge
     * one of just enough slices for {@code required} bytes; 0 when a bounded heap cannot hold its info.
     */
    private long newSegment(long required) {
        long segmentSlices = required == 0 ? Geometry.SLICES_PER_SEGMENT
                : Bytes.alignUp(required + ((long) g.infoSlices << g.sliceShift), g.slice) >>> g.sliceShift;
        int runs = runs(segmentSlices);
        int slot = freeSlots(runs);
        long segment = arena + slot * g.segmentSize;
        if (!prefix.cover(segment + g.infoBytes)) {
            return 0;
        }
        if (slot < slots) {
            // memory from the cache is not known to be zero: the info is cleared
            m.touch(segment + MEMSET_FROM, Math.min(g.infoBytes - MEMSET_FROM,
                    Geometry.SEGMENT_HEADER - MEMSET_FROM + PageDescriptors.SIZE * (segmentSlices + 1)), true);
        }
        if (slot + runs > slotUsed.length) {
            slotUsed = Arrays.copyOf(slotUsed, Math.max(slot + runs, 2 * slotUsed.length));
        }
        Arrays.fill(slotUsed, slot, slot + runs, true);
        slots = Math.max(slots, slot + runs);
        int entries = (int) Math.min(segmentSlices, Geometry.SLICES_PER_SEGMENT);
        m.setLong(segment + SEGMENT_SLICES, segmentSlices);
        m.setLong(segment + INFO_SLICES, g.infoSlices);
        m.setInt(segment + KIND, required == 0 ? NORMAL : HUGE);
        m.setLong(segment + SLICE_ENTRIES, entries);
        setUsedPages(segment, 0);
        spanAllocate(segment, 0, g.infoSlices);
        setUsedPages(segment, 0);
        if (required == 0) {
            spanFree(segment, g.infoSlices, entries - g.infoSlices);
        }
        return segment;
    }

    /** The slots a segment of {@code segmentSlices} slices spans. */
    private int runs(long segmentSlices) {
        return (int) (((segmentSlices << g.sliceShift) + g.segmentSize - 1) / g.segmentSize);
    }

    /** The lowest run of {@code count} free slots; slots past the last begun are all free. */
    private int freeSlots(int count) {
        int run = 0;
        for (int slot = 0; slot < slots; slot++) {
            run = slotUsed[slot] ? 0 : run + 1;
            if (run == count) {
                return slot - count + 1;
            }
        }
        return slots - run;
    }

    /** {@code mi_segment_free}: its free spans out of their queues, its slots free for the next segment. */
    private void freeSegment(long segment) {
        int entries = sliceEntries(segment);
        boolean normal = kind(segment) == NORMAL;
        for (long index = 0; index < entries; ) {
            long slice = slice(segment, index);
            int count = pages.sliceCount(slice);
            if (normal && pages.xblockSize(slice) == 0) {
                spanDelete(spanQueue(sliceBin(count)), slice);
            }
            index += count;
        }
        int slot = (int) ((segment - arena) / g.segmentSize);
        int runs = runs(segmentSlices(segment));
        Arrays.fill(slotUsed, slot, slot + runs, false);
    }

    // ---- for verify and tests ------------------------------------------------------------------------------

    /** Every segment in use, by its address: a huge segment's run of slots is skipped past its first. */
    void forEachSegment(LongConsumer action) {
        for (int slot = 0; slot < slots; ) {
            if (slotUsed[slot]) {
                long segment = arena + slot * g.segmentSize;
                action.accept(segment);
                slot += runs(segmentSlices(segment));
            } else {
                slot++;
            }
        }
    }

    /** Slots in use. */
    int slotsInUse() {
        int n = 0;
        for (int slot = 0; slot < slots; slot++) {
            n += slotUsed[slot] ? 1 : 0;
        }
        return n;
    }
}
