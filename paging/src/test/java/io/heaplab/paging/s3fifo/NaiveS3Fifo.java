package io.heaplab.paging.s3fifo;

import io.heaplab.core.trace.PageRun;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * S3-FIFO as the paper's Algorithm 1 (or libCacheSim's S3FIFO.c) states it, on lists indexed oldest first, with
 * no care for cost: the reference model of {@link S3FifoTest}. Sizes are worked out here from the definitions,
 * not taken from {@link S3Fifo}.
 */
final class NaiveS3Fifo {

    private final int frames;
    private final boolean peer;
    private final int s;
    private final int m;
    private final int ghostCapacity;
    private final List<Integer> small = new ArrayList<>();
    private final List<Integer> main = new ArrayList<>();
    private final List<Integer> ghost = new ArrayList<>();
    private final Map<Integer, Integer> freq = new HashMap<>();
    private final Set<Integer> dirty = new HashSet<>();
    private long faults;
    private long writeBacks;

    NaiveS3Fifo(int frames, double share, boolean peer) {
        this(frames, share, peer, peer);
    }

    /** {@code peer}: libCacheSim's order of eviction; {@code truncated}: the peers' queue sizes, cast down. */
    NaiveS3Fifo(int frames, double share, boolean peer, boolean truncated) {
        this.frames = frames;
        this.peer = peer;
        int sizeS = 1;
        if (truncated) {
            sizeS = Math.max(1, (int) (frames * share));
        } else {
            while (sizeS < frames && sizeS + 1e-9 < frames * share) {
                sizeS++; // the least whole number of frames not below the share
            }
        }
        this.s = sizeS;
        this.m = frames - s;
        this.ghostCapacity = truncated ? (int) (frames * 0.9) : m;
    }

    /** Faults and write-backs. */
    long[] run(long[] runs) {
        for (long r : runs) {
            int page = PageRun.page(r);
            if (small.contains(page) || main.contains(page)) {
                freq.put(page, (int) Math.min(3L, (long) freq.get(page) + PageRun.count(r)));
            } else {
                faults++;
                boolean inGhost = peer && ghost.remove((Integer) page);
                while (small.size() + main.size() == frames) {
                    boolean fromSmall = peer ? main.size() <= m && !small.isEmpty() : small.size() >= s;
                    if (fromSmall) {
                        evictS();
                    } else {
                        evictM();
                    }
                }
                if (!peer) {
                    inGhost = ghost.remove((Integer) page);
                }
                (inGhost ? main : small).add(page);
                freq.put(page, Math.min(3, PageRun.count(r) - 1));
            }
            if (PageRun.isWrite(r)) {
                dirty.add(page);
            }
        }
        return new long[] {faults, writeBacks};
    }

    private void evictS() {
        while (!small.isEmpty()) {
            int t = small.removeFirst();
            if (freq.get(t) > 1) {
                main.add(t);
                freq.put(t, 0);
                if (!peer && main.size() > m) {
                    evictM();
                }
            } else {
                gone(t);
                ghost.add(t);
                if (ghost.size() > ghostCapacity) {
                    ghost.removeFirst();
                }
                return;
            }
        }
    }

    private void evictM() {
        while (true) {
            int t = main.removeFirst();
            if (freq.get(t) > 0) {
                main.add(t);
                freq.put(t, freq.get(t) - 1);
            } else {
                gone(t);
                return;
            }
        }
    }

    private void gone(int page) {
        if (dirty.remove(page)) {
            writeBacks++;
        }
    }
}
