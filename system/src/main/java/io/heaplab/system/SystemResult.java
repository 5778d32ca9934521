package io.heaplab.system;

/**
 * What a simulation of the whole system measured (Carr &amp; Hennessy, Table 2 and Figures 3-5).
 *
 * @param references            virtual time executed by all tasks
 * @param time                  simulated real time when the last task completed
 * @param meanMpl               the time-average number of active tasks
 * @param deactivations         load-control deactivations (memory overcommitted)
 * @param sliceDeactivations    deactivations at the end of a time-slice
 * @param activations           activations
 * @param faults                page reads
 * @param reclaims              faults served from the available set without I/O (pure WS)
 * @param writes                page cleanings
 * @param replacements          frames given a new page
 * @param freeFrames            of those, frames that held no page (memory not yet full, or freed by a task that
 *                              completed)
 * @param framesExamined        frames the WSCLOCK hand examined
 * @param wsScans               WS-scans: a task's scan at the end of its turn on the processor that removed pages
 *                              from its W (pure WS)
 * @param pagingBusy            the paging devices' busy time over their available time
 * @param tasks                 tasks completed
 * @param responseTimes         each task's time from first activation to completion, in the workload's order
 * @param peakMpl               the most tasks active at once
 * @param taskFaults            each task's page faults, in the workload's order
 * @param readBusy              the share of the paging devices' time given to page reads (the rest of their busy
 *                              time cleans dirty pages)
 */
public record SystemResult(long references, long time, double meanMpl, long deactivations, long sliceDeactivations,
                           long activations, long faults, long reclaims, long writes, long replacements,
                           long freeFrames, long framesExamined, long wsScans, double pagingBusy, int tasks,
                           java.util.List<Long> responseTimes, int peakMpl, java.util.List<Long> taskFaults,
                           double readBusy) {

    public SystemResult {
        responseTimes = java.util.List.copyOf(responseTimes);
        taskFaults = java.util.List.copyOf(taskFaults);
    }

    /**
     * WSCLOCK's frames examined per replacement that turned the hand: replacements of a free frame examine one
     * frame, so this is the travel a full memory costs; NaN when every replacement found a free frame.
     */
    public double clockTravel() {
        long turned = replacements - freeFrames;
        return turned <= 0 || framesExamined == 0 ? Double.NaN : (double) (framesExamined - freeFrames) / turned;
    }

    /** The mean time from a task's first activation to its completion. */
    public double meanResponse() {
        long sum = 0;
        for (long response : responseTimes) {
            sum += response;
        }
        return responseTimes.isEmpty() ? 0 : (double) sum / responseTimes.size();
    }

    /** Processor utilization: virtual time executed over real time. */
    public double utilization() {
        return time == 0 ? 0 : (double) references / time;
    }

    /** WSCLOCK's frames examined per replacement; NaN when nothing was replaced or no hand turned. */
    public double pointerTravel() {
        return replacements == 0 || framesExamined == 0 ? Double.NaN : (double) framesExamined / replacements;
    }
}
