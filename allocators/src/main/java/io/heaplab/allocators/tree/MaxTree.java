package io.heaplab.allocators.tree;

/**
 * The complete binary tree of maxima over the segments of Brent's first fit (R. P. Brent, ACM TOPLAS 11(3), 1989):
 * a plain {@code int} array in heap order, the root at 1, the children of node {@code i} at {@code 2i} and
 * {@code 2i + 1}, leaf {@code s} at {@code leaves + s}; each inner node holds the larger of its children.
 */
final class MaxTree {

    private int leaves;
    private int[] nodes;

    /** A tree of {@code leaves} zero leaves, a power of two. */
    MaxTree(int leaves) {
        this.leaves = leaves;
        this.nodes = new int[2 * leaves];
    }

    int leaves() {
        return leaves;
    }

    /** The nodes on a path from the root to a leaf. */
    int levels() {
        return Integer.numberOfTrailingZeros(leaves) + 1;
    }

    int root() {
        return nodes[1];
    }

    int leaf(int leaf) {
        return nodes[leaves + leaf];
    }

    /** Node {@code node} in heap order; for tests. */
    int node(int node) {
        return nodes[node];
    }

    /** Overwrites node {@code node}; for tests that check {@code verify()} catches a wrong tree. */
    void corrupt(int node, int value) {
        nodes[node] = value;
    }

    /** Sets a leaf and the maxima above it, stopping where a maximum does not change: O(log leaves). */
    void set(int leaf, int value) {
        int node = leaves + leaf;
        nodes[node] = value;
        for (node >>>= 1; node >= 1; node >>>= 1) {
            int max = Math.max(nodes[2 * node], nodes[2 * node + 1]);
            if (nodes[node] == max) {
                return;
            }
            nodes[node] = max;
        }
    }

    /**
     * The leftmost leaf whose value is at least {@code value}, which the root must be: at each level the left child
     * if it is big enough, else the right one. It reads {@link #levels()} nodes: the root and one child a level.
     */
    int leftmostAtLeast(int value) {
        int node = 1;
        while (node < leaves) {
            node <<= 1;
            if (nodes[node] < value) {
                node++;
            }
        }
        return node - leaves;
    }

    /** Doubles the leaves until there are at least {@code wanted}, the new ones zero, and rebuilds the maxima. */
    void growTo(int wanted) {
        int grown = leaves;
        while (grown < wanted) {
            grown <<= 1;
        }
        int[] bigger = new int[2 * grown];
        System.arraycopy(nodes, leaves, bigger, grown, leaves);
        for (int node = grown - 1; node >= 1; node--) {
            bigger[node] = Math.max(bigger[2 * node], bigger[2 * node + 1]);
        }
        leaves = grown;
        nodes = bigger;
    }

    /** Fails unless every inner node holds the larger of its children. */
    void verify() {
        for (int node = leaves - 1; node >= 1; node--) {
            int max = Math.max(nodes[2 * node], nodes[2 * node + 1]);
            if (nodes[node] != max) {
                throw new IllegalStateException("tree node " + node + ": " + nodes[node] + " (expected: " + max
                        + ", the larger of its children)");
            }
        }
    }
}
