package io.heaplab.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Tiny systems worked by hand: fixed paging times, strings of a few references, every event checked. */
class MultiprogrammedSystemTest {

    /** Every event, as "time what task page". */
    private static final class Events implements SystemTrace {
        final List<String> all = new ArrayList<>();

        @Override
        public void event(long time, String what, int task, int page) {
            all.add(time + " " + what + " " + task + (page >= 0 ? " p" + page : ""));
        }
    }

    /** M frames, paging accesses of exactly 10, no task I/O, long quantum and slice. */
    private static SystemConfig tiny(int frames, MemoryPolicy policy, boolean ltrt, long theta) {
        return new SystemConfig(frames, 10, 10, 1, policy, ltrt, theta, 1_000, 1, 0, 1_000, 1_000_000, 0, 0,
                Deactivation.LAST_ACTIVATED, true);
    }

    private static Prototype task(String name, int... pages) {
        return new Prototype(name, TaskString.ofPages(pages), Double.POSITIVE_INFINITY);
    }

    @Test
    void aFaultBlocksItsTaskUntilThePageIsReadAndTheRunEndsWhenTheLastTaskCompletes() {
        Events events = new Events();
        SystemResult result = MultiprogrammedSystem.verified(tiny(2, MemoryPolicy.WS, false, 100),
                List.of(task("a", 0, 0, 1)), 1, events);
        assertThat(events.all).containsExactly("0 activate 0", "0 fault 0 p0", "0 read 0 p0", "10 loaded 0 p0",
                "12 fault 0 p1", "12 read 0 p1", "22 loaded 0 p1", "23 complete 0");
        assertThat(result.references()).isEqualTo(3);
        assertThat(result.time()).isEqualTo(23);
        assertThat(result.utilization()).isEqualTo(3.0 / 23);
        assertThat(result.faults()).isEqualTo(2);
        assertThat(result.meanMpl()).isEqualTo(1.0);
        assertThat(result.pagingBusy()).isEqualTo(20.0 / 23);
        assertThat(result.meanResponse()).isEqualTo(23.0);
        assertThat(result.responseTimes()).containsExactly(23L);
    }

    @Test
    void aPageThatLeftTheWorkingSetIsReclaimedWithoutIo() {
        // page 0 leaves W (theta 2) while page 1 runs, then is referenced again: no read, no time lost
        Events events = new Events();
        SystemResult result = MultiprogrammedSystem.verified(tiny(3, MemoryPolicy.WS, false, 2),
                List.of(task("a", 0, 1, 1, 1, 0)), 1, events);
        assertThat(result.faults()).isEqualTo(2);
        assertThat(result.reclaims()).isEqualTo(1);
        assertThat(events.all).containsExactly("0 activate 0", "0 fault 0 p0", "0 read 0 p0", "10 loaded 0 p0",
                "11 fault 0 p1", "11 read 0 p1", "21 loaded 0 p1", "25 complete 0");
    }

    @Test
    void aDirtyPageIsCleanedBeforeItsFrameIsReplaced() {
        // one frame: page 0 is written, then page 1 needs the frame: a write, then the read
        Events events = new Events();
        SystemResult result = MultiprogrammedSystem.verified(tiny(1, MemoryPolicy.WS, false, 1),
                List.of(task("a", -1, 1)), 1, events);
        assertThat(events.all).containsExactly("0 activate 0", "0 fault 0 p0", "0 read 0 p0", "10 loaded 0 p0",
                "11 fault 0 p1", "11 write 0 p0", "21 cleaned 0 p0", "21 read 0 p1", "31 loaded 0 p1",
                "32 complete 0");
        assertThat(result.writes()).isEqualTo(1);
        assertThat(result.faults()).isEqualTo(2);
    }

    @Test
    void wsclockCleansADirtyReplaceablePageAndReplacesItOnlyOnceClean() {
        Events events = new Events();
        SystemResult result = MultiprogrammedSystem.verified(tiny(1, MemoryPolicy.WSCLOCK, false, 1),
                List.of(task("a", -1, 1)), 1, events);
        assertThat(events.all).contains("11 write 0 p0", "21 cleaned 0 p0", "21 read 0 p1", "32 complete 0");
        assertThat(result.writes()).isEqualTo(1);
        assertThat(result.pointerTravel()).isPositive();
    }

    @Test
    void ltrtHoldsBackAnActivationWhileATaskIsLoading() {
        List<Prototype> two = List.of(task("a", 0, 1), task("b", 2, 3));
        Events without = new Events();
        MultiprogrammedSystem.verified(tiny(10, MemoryPolicy.WS, false, 100), two, 1, without);
        assertThat(without.all).startsWith("0 activate 0", "0 activate 1");

        Events with = new Events();
        SystemResult result = MultiprogrammedSystem.verified(tiny(10, MemoryPolicy.WS, true, 100), two, 1, with);
        // task 0 loads (tau 1000 is never reached) until it completes; only then is task 1 activated
        int completion = with.all.indexOf("22 complete 0");
        assertThat(completion).isPositive();
        assertThat(with.all.get(completion + 1)).isEqualTo("22 activate 1");
        assertThat(result.activations()).isEqualTo(2);
        // each task: read, reference, read, reference; task 1's response counts from its activation at 22
        assertThat(with.all).endsWith("44 complete 1");
        assertThat(result.responseTimes()).containsExactly(22L, 22L);
        assertThat(result.meanResponse()).isEqualTo(22.0);
    }

    @Test
    void pureWsAdmitsEveryTaskThatHasNotRunAtOnceForItCommitsNothingAndLtrtAdmitsOne() {
        // Carr's WS load control admits the first ready task unless its W exceeds M - W_active; a task that has not
        // run has W = 0, so with six frames and nothing committed all three are let in at time 0 (peak MPL 3),
        // each then faulting on the one paging device; LT/RT lets one load at a time (peak MPL 1 here, tau never
        // reached, each task completing before the next is activated)
        List<Prototype> three = List.of(task("a", 0, 1), task("b", 2, 3), task("c", 4, 5));
        Events pure = new Events();
        SystemResult admitted = MultiprogrammedSystem.verified(tiny(6, MemoryPolicy.WS, false, 100), three, 1, pure);
        assertThat(pure.all).startsWith("0 activate 0", "0 activate 1", "0 activate 2", "0 fault 0 p0",
                "0 read 0 p0", "0 fault 1 p0", "0 fault 2 p0");
        assertThat(admitted.peakMpl()).isEqualTo(3);
        // the third task's first read waits for two others: 30 references of device time before it runs
        assertThat(pure.all).contains("30 loaded 2 p0");
        assertThat(admitted.taskFaults()).containsExactly(2L, 2L, 2L);

        Events ltrt = new Events();
        SystemResult one = MultiprogrammedSystem.verified(tiny(6, MemoryPolicy.WS, true, 100), three, 1, ltrt);
        assertThat(one.peakMpl()).isEqualTo(1);
        assertThat(ltrt.all.stream().filter(e -> e.contains("activate")).toList())
                .containsExactly("0 activate 0", "22 activate 1", "44 activate 2");
    }

    private static int[] repeat(int page, int times, int... then) {
        int[] pages = new int[times + then.length];
        java.util.Arrays.fill(pages, 0, times, page);
        System.arraycopy(then, 0, pages, times, then.length);
        return pages;
    }

    @Test
    void theLastTaskActivatedIsTheOneDeactivatedWhenMemoryIsOvercommitted() {
        // three frames, three tasks sharing the processor in quanta of 5; when the first needs a fourth page, every
        // frame holds a page of some working set (theta 1000): the last task activated gives its frame up
        SystemConfig config = tiny(3, MemoryPolicy.WS, false, 1_000).withScheduling(5, 1_000_000);
        List<Prototype> three = List.of(task("a", repeat(0, 40, 3)), task("b", repeat(1, 40)),
                task("c", repeat(2, 40)));
        Events events = new Events();
        SystemResult result = MultiprogrammedSystem.verified(config, three, 1, events);
        assertThat(events.all).startsWith("0 activate 0", "0 activate 1", "0 activate 2");
        String first = events.all.stream().filter(e -> e.contains("deactivate")).findFirst().orElseThrow();
        assertThat(first).endsWith("deactivate 2");
        assertThat(result.deactivations()).isEqualTo(1);
        assertThat(result.tasks()).isEqualTo(3);

        Events faulting = new Events();
        MultiprogrammedSystem.verified(config.withDeactivation(Deactivation.FAULTING), three, 1, faulting);
        assertThat(faulting.all.stream().filter(e -> e.contains("deactivate")).findFirst().orElseThrow())
                .as("the faulting task goes instead").endsWith("deactivate 0");
    }

    @Test
    void pffReleasesThePagesUnusedSinceTheLastFaultOnlyWhenFaultsComeMoreThanThetaApart() {
        // theta 5: page 3's fault comes 10 references after page 2's, so pages 0 and 1 (unused since) are released
        // and page 0 is then reclaimed without I/O; 3 references after, nothing is released and page 0 is resident
        SystemResult far = MultiprogrammedSystem.verified(tiny(8, MemoryPolicy.PFF, false, 5),
                List.of(task("far", 0, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 0)), 1, SystemTrace.NONE);
        assertThat(far.faults()).isEqualTo(4);
        assertThat(far.reclaims()).isEqualTo(1);
        SystemResult near = MultiprogrammedSystem.verified(tiny(8, MemoryPolicy.PFF, false, 5),
                List.of(task("near", 0, 1, 2, 2, 2, 3, 0)), 1, SystemTrace.NONE);
        assertThat(near.faults()).isEqualTo(4);
        assertThat(near.reclaims()).isZero();
    }

    private static SystemConfig clock(int frames, long quantum) {
        return new SystemConfig(frames, 10, 10, 1, MemoryPolicy.CLOCK, false, 100, 1_000, 1, 0, quantum, 1_000_000,
                0, 0, Deactivation.LAST_ACTIVATED, true);
    }

    private static int[] cycle(int times, int... pages) {
        int[] all = new int[times * pages.length];
        for (int i = 0; i < all.length; i++) {
            all[i] = pages[i % pages.length];
        }
        return all;
    }

    @Test
    void clocksFeedbackControlActivatesOneTaskAtATimeWhileThePagingDeviceIsQuiet() {
        // the feedback window is 10 accesses of 10: the second task waits for the first decision's effect, then
        // goes in at the first turn after time 100 (turns of 50) because the device was busy only 10 of that time
        Events events = new Events();
        MultiprogrammedSystem.verified(clock(8, 50), List.of(task("a", cycle(300, 0)), task("b", 0)), 1, events);
        assertThat(events.all).filteredOn(e -> e.contains("activate")).containsExactly("0 activate 0",
                "110 activate 1");
    }

    @Test
    void clocksFeedbackControlHoldsBackAndDeactivatesWhileThePagingDeviceIsBusy() {
        // task a runs on one page while the device is quiet, so b is let in; then both cycle through more pages
        // than memory holds and keep the device busy: one of them is deactivated, and c waits meanwhile
        Events events = new Events();
        SystemResult result = MultiprogrammedSystem.verified(clock(3, 5), List.of(
                task("a", concat(cycle(200, 0), cycle(20, 1, 2, 3, 4, 5))), task("b", cycle(20, 0, 1, 2, 3, 4)),
                task("c", 0)), 1, events);
        List<String> control = events.all.stream().filter(e -> e.contains("activate") || e.contains("complete"))
                .toList();
        assertThat(control.getFirst()).isEqualTo("0 activate 0");
        assertThat(control.get(1)).endsWith("activate 1");
        assertThat(control.get(2)).contains(" deactivate ");
        assertThat(result.deactivations()).isPositive();
    }

    private static int[] concat(int[] a, int[] b) {
        int[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
