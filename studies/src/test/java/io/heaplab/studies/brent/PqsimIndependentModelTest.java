package io.heaplab.studies.brent;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.run.RunResult;
import io.heaplab.core.run.RunSpec;
import io.heaplab.core.run.Runner;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * PQSIM re-implemented from the paper's statement and nothing of heaplab's: nodes as Java objects, the STACK and
 * NOFREE strategies as a deque and a counter, strict LRU as an access-ordered {@link LinkedHashMap}. It gives
 * heaplab's fault counts exactly, so the gap between heaplab's PQSIM and Brent's figures is the model's, not a bug
 * in the heap, the recorder, the strategies or the LRU.
 */
class PqsimIndependentModelTest {

    private static final int PAGE = 512;
    private static final int NODE = 20;
    private static final int PER_PAGE = PAGE / NODE;

    @ParameterizedTest
    @CsvSource({"stack, 50, 1", "nofree, 50, 1", "stack, 20, 2", "nofree, 120, 3"})
    void givesHeaplabsFaultCountsExactly(String strategy, int frames, long seed) {
        int seconds = 200;
        RunResult heaplab = new Runner(Plugins.load()).run(RunSpec.workload("pqsim:seconds=" + seconds + ",warmup="
                + seconds / 2).allocator(strategy).policy("lru:frames=" + frames).pageSize(PAGE).seed(seed).build());
        Model model = new Model(strategy.equals("stack"), frames, seed, seconds);
        model.run();
        assertThat(model.faults).isPositive();
        assertThat(heaplab.faults("lru:frames=" + frames)).isEqualTo(model.faults);
        assertThat(heaplab.allocations()).isEqualTo(model.allocations);
    }

    /** A node of the leftist tree: the Pascal record, its address given by the strategy. */
    private static final class Node {
        Node left;
        Node right;
        int time;
        int dist = 1;
        final boolean arrival;
        final long address;

        Node(long address, boolean arrival) {
            this.address = address;
            this.arrival = arrival;
        }
    }

    private static final class Model {
        private final boolean stack;
        private final int frames;
        private final SplittableRandom random;
        private final long horizon;
        private final long warmupEnd;
        private final Deque<Long> free = new ArrayDeque<>();
        private long fresh;
        private final LinkedHashMap<Long, Boolean> memory = new LinkedHashMap<>(16, 0.75f, true);
        private boolean measuring;
        long faults;
        long allocations;
        private Node root;

        Model(boolean stack, int frames, long seed, int seconds) {
            this.stack = stack;
            this.frames = frames;
            this.random = new SplittableRandom(seed);
            this.horizon = seconds * 1_000_000L;
            this.warmupEnd = seconds / 2 * 1_000_000L;
        }

        /** A reference to the page holding {@code node}: strict LRU over {@code frames} frames. */
        private void touch(Node node) {
            long page = node.address / PAGE;
            if (memory.get(page) == null) {
                if (measuring) {
                    faults++;
                }
                memory.put(page, Boolean.TRUE);
                if (memory.size() > frames) {
                    Map.Entry<Long, Boolean> eldest = memory.entrySet().iterator().next();
                    memory.remove(eldest.getKey());
                }
            }
        }

        /** STACK pops the last block freed; a fresh page is taken lowest block first. NOFREE never reuses. */
        private long take() {
            allocations++;
            if (stack && !free.isEmpty()) {
                return free.pop();
            }
            long block = fresh++;
            return block / PER_PAGE * PAGE + block % PER_PAGE * NODE;
        }

        void run() {
            schedule(0, true);
            while (root != null) {
                Node event = root;
                touch(event); // its time
                int now = event.time;
                if (now > horizon) {
                    break;
                }
                if (!measuring && now >= warmupEnd) {
                    measuring = true;
                }
                touch(event); // its key, then its two children
                root = merge(event.left, event.right);
                if (stack) {
                    free.push(event.address);
                }
                if (event.arrival) {
                    // the customer's departure, then the next arrival
                    schedule(now + draw(12e6), false);
                    schedule(now + draw(1e6 / 200), true);
                }
            }
        }

        private long draw(double mean) {
            double delay = -mean * Math.log(1.0 - random.nextDouble());
            return delay < Integer.MAX_VALUE ? Math.round(delay) : Integer.MAX_VALUE;
        }

        private void schedule(long time, boolean arrival) {
            Node node = new Node(take(), arrival);
            node.time = (int) Math.min(time, Integer.MAX_VALUE);
            touch(node); // its five fields written
            root = merge(root, node);
        }

        /** Knuth's merge of two leftist trees along their right spines, earlier event on top, a tie to {@code a}. */
        private Node merge(Node a, Node b) {
            if (a == null) {
                return b;
            }
            if (b == null) {
                return a;
            }
            touch(b);
            touch(a);
            if (b.time < a.time) {
                Node t = a;
                a = b;
                b = t;
            }
            touch(a); // its right child, the next of its spine
            Node right = merge(a.right, b);
            touch(a); // its left child
            Node left = a.left;
            int leftDist = 0;
            if (left != null) {
                touch(left);
                leftDist = left.dist;
            }
            touch(right);
            int rightDist = right.dist;
            touch(a); // its new children and dist
            if (leftDist < rightDist) {
                a.left = right;
                a.right = left;
                a.dist = leftDist + 1;
            } else {
                a.right = right;
                a.dist = rightDist + 1;
            }
            return a;
        }
    }
}
