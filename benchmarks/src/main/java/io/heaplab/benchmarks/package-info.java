/**
 * JMH benchmarks of the strategies (beside glibc malloc through the FFM linker), the policies, the reference
 * recorder and trace replay, with the suite runner that writes JMH's JSON and its report.
 */
package io.heaplab.benchmarks;
