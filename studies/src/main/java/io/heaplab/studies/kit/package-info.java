/**
 * What every paper reproduction shares: the published figures' loader, one {@link io.heaplab.studies.kit.Claim}
 * (with the same test applied to the paper's own figures), seeds and threads, typed parameters, one failure policy
 * for a batch of runs ({@link io.heaplab.studies.kit.RunBatch}: a failed strategy is reported, the rest run on), and
 * the head, claims and failures every result file carries. Only {@code RunBatch} and {@code BatchReproduction} assume
 * a study is a list of independent runs; a study that is not (a closed-loop system simulation) uses the rest.
 */
package io.heaplab.studies.kit;
