package io.heaplab.system;

import io.heaplab.core.trace.PageRun;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;

/**
 * A discrete-event simulation of Carr &amp; Hennessy's multiprogrammed virtual-memory computer: one processor
 * executing one reference per unit of time, M frames, paging devices serving one paging queue, a ready queue, an
 * active queue run round-robin in quanta, a time-slice per activation, demand paging (a fault blocks its task until
 * the page is read), task I/O on devices of its own, and load control: the WS control on |W|, |RW| or resident
 * sets, with or without LT/RT, or feedback on the paging devices' busy time.
 * The simulation ends when every task has completed.
 *
 * <p>Cost: the processor executes run-merged references, so a run of references to one page costs one step; events
 * (page reads and writes, task I/O) are few beside them. Nothing is allocated per reference.
 */
public final class MultiprogrammedSystem {

    private enum Kind { READ_DONE, WRITE_DONE, IO_DONE }

    private record Event(long time, long seq, Kind kind, int device, int frame, Task task, int page)
            implements Comparable<Event> {
        @Override
        public int compareTo(Event o) {
            return time != o.time ? Long.compare(time, o.time) : Long.compare(seq, o.seq);
        }
    }

    private final SystemConfig config;
    private final List<Task> tasks = new ArrayList<>();
    private final Memory memory;
    private final PagingQueue queue;
    private final SplittableRandom random;
    private final Deque<Task> ready = new ArrayDeque<>();
    /** Active tasks in order of activation: the last is the last activated. */
    private final List<Task> active = new ArrayList<>();
    private final PriorityQueue<Event> events = new PriorityQueue<>();
    private final boolean[] deviceBusy;
    private long eventSeq;
    private int turn;

    private long now;
    private long lastAccrual;
    private double mplIntegral;
    private long busyIntegral;
    /** Device time given to page reads, in all. */
    private long readTime;
    /** For the feedback load control: the paging devices' recent busy fraction, a moving average. */
    private double recentBusy;
    /** Whether the load control is feedback on {@link #recentBusy} rather than commitments. */
    private final boolean feedback;
    private int busyDevices;
    private long nextDecision;
    private long references;
    private long deactivations;
    private long sliceDeactivations;
    private long activations;
    private long faults;
    private long wsScans;
    private int peakMpl;
    private int completed;
    private final SystemTrace trace;
    private boolean verify;

    /** What the load control counts for a task that has not run yet, whose locality is not known. */
    public enum NewTasks {
        /** Its W, which is empty: nothing, as Carr &amp; Hennessy's WS load control does. */
        COMMIT_NOTHING,
        /**
         * Beyond the paper, an ablation: its program's mean working set at theta, as if the load control knew each
         * program's locality before it ran (measured on the program's whole string), counted for each active task
         * too until it has run theta since its activation, when its W has formed.
         */
        COMMIT_MEAN_WORKING_SET
    }

    private MultiprogrammedSystem(SystemConfig config, List<Prototype> workload, long seed, SystemTrace trace,
                                  NewTasks newTasks) {
        this.config = config;
        this.random = new SplittableRandom(seed);
        this.trace = trace;
        java.util.Map<TaskString, Long> locality = new java.util.IdentityHashMap<>();
        for (Prototype prototype : workload) {
            Task task = new Task(tasks.size(), prototype);
            task.nextIoVt = nextIo(task, 0);
            if (newTasks == NewTasks.COMMIT_MEAN_WORKING_SET && config.policy().commits()) {
                task.locality = locality.computeIfAbsent(prototype.string(),
                        s -> Math.round(s.meanWorkingSet(config.theta())));
                task.commitment = task.locality;
            }
            tasks.add(task);
            ready.addLast(task);
        }
        this.queue = new PagingQueue(config.readsBeforeWrites(), config.ltrt());
        this.memory = Memory.of(config, tasks, queue::write);
        this.deviceBusy = new boolean[config.pagingDevices()];
        this.feedback = !config.policy().commits();
    }

    /** Runs {@code workload}, the tasks in the order they arrive, to completion on {@code config}. */
    public static SystemResult run(SystemConfig config, List<Prototype> workload, long seed) {
        return run(config, workload, seed, SystemTrace.NONE);
    }

    /**
     * As {@link #run(SystemConfig, List, long)}, the load control counting {@code newTasks} for a task that has not
     * run; of a string of references only.
     */
    public static SystemResult run(SystemConfig config, List<Prototype> workload, long seed, NewTasks newTasks) {
        if (workload.isEmpty()) {
            throw new IllegalArgumentException("no task to run (expected: at least one prototype in the workload)");
        }
        return new MultiprogrammedSystem(config, workload, seed, SystemTrace.NONE, newTasks).simulate();
    }

    /** As {@link #run(SystemConfig, List, long)}, telling {@code trace} of every event; for tests. */
    static SystemResult run(SystemConfig config, List<Prototype> workload, long seed, SystemTrace trace) {
        if (workload.isEmpty()) {
            throw new IllegalArgumentException("no task to run (expected: at least one prototype in the workload)");
        }
        return new MultiprogrammedSystem(config, workload, seed, trace, NewTasks.COMMIT_NOTHING).simulate();
    }

    /** As {@link #run(SystemConfig, List, long, SystemTrace)}, checking the invariants after every step; for tests. */
    static SystemResult verified(SystemConfig config, List<Prototype> workload, long seed, SystemTrace trace) {
        MultiprogrammedSystem system = new MultiprogrammedSystem(config, workload, seed, trace,
                NewTasks.COMMIT_NOTHING);
        system.verify = true;
        return system.simulate();
    }

    /** The invariants: frames owned once, and under pure WS, W resident once a task has run theta since activation. */
    private void verifyState() {
        memory.verify();
        tasks.forEach(task -> task.wOrder.check());
        if (config.policy() == MemoryPolicy.WS) {
            for (Task task : active) {
                if (task.vt - task.activatedVt >= config.theta()) {
                    for (int p = task.wOrder.head(Task.W); p >= 0; p = task.wOrder.next(p)) {
                        if (task.frameOf[p] < 0) {
                            throw new IllegalStateException(task + " has run theta since activation, yet page " + p
                                    + " of its W is not resident (W = RW fails)");
                        }
                    }
                }
            }
        }
    }

    private SystemResult simulate() {
        int stalled = 0;
        long work = 0;
        for (Task task : tasks) {
            work += task.length + (config.auxMax() + config.ioMax() + config.quantum()) * (task.frameOf.length + 1L);
        }
        // far beyond any thrashing a load control allows: a system that keeps paging and never finishes
        long limit = work > Long.MAX_VALUE / 1000 ? Long.MAX_VALUE : 1000 * work;
        while (completed < tasks.size()) {
            if (now > limit) {
                throw new IllegalStateException("the simulation has run " + now + " units of time and " + completed
                        + " of " + tasks.size() + " tasks completed: the system pages without progress");
            }
            if (verify) {
                verifyState();
            }
            long before = references;
            long at = now;
            activate();
            dispatch();
            Task task = nextRunnable();
            long horizon = events.isEmpty() ? Long.MAX_VALUE : events.peek().time();
            if (task != null && horizon > now) {
                execute(task, horizon - now);
                // turns that execute nothing while time stands still must not repeat for ever
                stalled = references == before && now == at ? stalled + 1 : 0;
                if (stalled > 1000 * (tasks.size() + 1)) {
                    throw new IllegalStateException("the simulation makes no progress at time " + now + ": " + task
                            + " at virtual time " + task.vt + " runs nothing");
                }
            } else if (!events.isEmpty()) {
                stalled = 0;
                advanceTo(Math.max(now, horizon));
                handle(events.poll());
            } else if (task == null) {
                throw new IllegalStateException("no task can run and nothing is pending at time " + now
                        + " (ready " + ready.size() + ", active " + active.stream().map(t -> t.id + (t.blocked
                        ? "b" : "") + (t.ioBlocked ? "i" : "") + (t.readQueued ? "q" : "")).toList() + ", paging queue "
                        + (queue.isEmpty() ? "empty" : "waiting") + ", cleaning " + memory.cleaning + ", reading "
                        + memory.reading + "): a simulation that cannot end");
            }
        }
        accrue();
        long memoryReplacements = memory.replacements;
        return new SystemResult(references, now, now == 0 ? 0 : mplIntegral / now, deactivations,
                sliceDeactivations, activations, faults, memory.reclaims, memory.writes, memoryReplacements,
                memory.freeFrames, memory.framesExamined, wsScans, now == 0 ? 0 : (double) busyIntegral / now / deviceBusy.length,
                completed, tasks.stream().map(t -> t.response).toList(), peakMpl,
                tasks.stream().map(t -> t.faults).toList(),
                now == 0 ? 0 : Math.min(1, (double) readTime / now / deviceBusy.length));
    }

    // ---- the processor

    private Task nextRunnable() {
        for (int i = 0; i < active.size(); i++) {
            Task task = active.get((turn + i) % active.size());
            if (task.runnable()) {
                turn = (turn + i + 1) % active.size();
                return task;
            }
        }
        return null;
    }

    /** Runs {@code task} for one quantum at most, stopping short of the next event, a fault, I/O or completion. */
    private void execute(Task task, long untilEvent) {
        long budget = Math.min(Math.min(config.quantum(), untilEvent), task.length - task.vt);
        if (task.sliceLeft > 0) {
            budget = Math.min(budget, task.sliceLeft);
        }
        budget = Math.min(budget, task.nextIoVt - task.vt);
        if (task.loading) {
            budget = Math.min(budget, Math.max(1, config.tau() - (task.vt - task.activatedVt)));
        }
        long start = task.vt;
        if (task.irim != null) {
            runIrim(task, budget);
        } else {
            runReferences(task, budget);
        }
        long ran = task.vt - start;
        task.sliceLeft -= ran;
        if (task.wLost) {
            wsScans++;
            task.wLost = false;
        }
        if (task.finished()) {
            complete(task);
            return;
        }
        if (task.loading && task.vt - task.activatedVt >= config.tau()) {
            task.loading = false;
            trace.event(now, "running", task.id, -1);
        }
        if (task.vt >= task.nextIoVt && !task.blocked) {
            startIo(task);
        }
        if (task.sliceLeft <= 0 && task.active && !(config.deferSlices() && config.ltrt()
                && loadingTasks() >= config.loadingLimit())) {
            // deferred, under LT/RT a time-slice ends only when the memory it frees can be used at once
            deactivate(task, false);
        }
    }

    /** Executes up to {@code budget} of {@code task}'s references, stopping at a fault. */
    private void runReferences(Task task, long budget) {
        while (budget > 0 && task.run < task.runs.length) {
            long run = task.runs[task.run];
            int page = PageRun.page(run);
            int f = task.frameOf[page];
            if (f < 0 || !memory.usable(f)) {
                if (!memory.reclaim(task, page)) {
                    fault(task, page);
                    break;
                }
            }
            int k = (int) Math.min(PageRun.count(run) - task.offset, budget);
            task.fresh = false;
            task.vt += k;
            memory.touch(task, page, PageRun.isWrite(run), task.vt);
            advanceTo(now + k);
            references += k;
            budget -= k;
            task.offset += k;
            if (task.offset == PageRun.count(run)) {
                task.run++;
                task.offset = 0;
            }
            memory.advance(task);
        }
    }

    /**
     * Executes up to {@code budget} of {@code task}'s virtual time through its IRIM events, stopping at a fault: time
     * between events passes without work, and each event is a reference to its page that may fault.
     */
    private void runIrim(Task task, long budget) {
        Irim irim = task.irim;
        if (task.irimScan >= 0) {
            // after an activation: the pages of open periods must be resident, as the exact string would soon
            // reference them; each is checked once, faulted back if it was taken
            for (int page = task.irimScan; page < task.irimOpen.length; page++) {
                task.irimScan = page;
                if (task.irimOpen[page] && !held(task, page)) {
                    return;
                }
            }
            task.irimScan = -1;
        }
        while (true) {
            if (task.event < irim.times().length && irim.times()[task.event] == task.vt) {
                int event = irim.events()[task.event];
                int page = Irim.page(event);
                if (budget == 0 && Irim.kind(event) != Irim.END) {
                    return; // a start or a write is a reference, and the turn has none left; an end is the past's
                }
                // every event is a reference: a page of an open period given up by a task alone in too small a
                // memory faults back at its next event
                if (!held(task, page)) {
                    return;
                }
                task.fresh = false;
                switch (Irim.kind(event)) {
                    case Irim.START -> {
                        task.irimOpen[page] = true;
                        memory.opened(task, page, task.vt);
                    }
                    case Irim.WRITE -> memory.written(task, page);
                    default -> {
                        task.irimOpen[page] = false;
                        memory.closed(task, page, task.vt);
                    }
                }
                task.event++;
                continue;
            }
            long until = task.event < irim.times().length ? irim.times()[task.event] : task.length;
            long k = Math.min(until - task.vt, budget);
            if (k <= 0) {
                break;
            }
            task.fresh = false;
            task.vt += k;
            advanceTo(now + k);
            references += k;
            budget -= k;
            memory.advance(task);
        }
    }

    /**
     * IRIM: whether {@code task}'s {@code page} is resident, reclaimed or faulted for as {@link #present}; a page of
     * an open period that a shrink took out of the count of referenced pages is counted again once it is back.
     */
    private boolean held(Task task, int page) {
        if (!present(task, page)) {
            return false;
        }
        if (task.irimOpen[page] && !task.irimActive[page]) {
            memory.opened(task, page, task.vt);
        }
        return true;
    }

    /** Whether {@code task}'s {@code page} can be referenced now, reclaimed if need be; if not, it faults. */
    private boolean present(Task task, int page) {
        int f = task.frameOf[page];
        if (f >= 0 && memory.usable(f) || memory.reclaim(task, page)) {
            return true;
        }
        fault(task, page);
        return false;
    }

    private void fault(Task task, int page) {
        faults++;
        task.faults++;
        task.fresh = false; // a page read for it, if any, was taken before it could use it
        task.blocked = true;
        task.readQueued = true;
        queue.read(task, page);
        memory.faulted(task);
        trace.event(now, "fault", task.id, page);
        if (feedback && active.size() > 1 && now >= nextDecision
                && recentBusy > SystemConfig.PAGING_TARGET + SystemConfig.PAGING_BAND) {
            deactivate(victim(task), true); // too much paging: lower the multiprogramming level
            nextDecision = now + (long) config.feedbackWindow();
        }
    }

    private void startIo(Task task) {
        task.ioBlocked = true;
        task.loading = false; // an I/O request ends the loading phase
        task.nextIoVt = nextIo(task, task.vt);
        schedule(now + uniform(config.ioMin(), config.ioMax()), Kind.IO_DONE, -1, -1, task, -1);
        trace.event(now, "io", task.id, -1);
    }

    private long nextIo(Task task, long from) {
        double mean = task.prototype.meanIoInterval();
        if (Double.isInfinite(mean)) {
            return Long.MAX_VALUE;
        }
        double interval = -mean * Math.log(1 - random.nextDouble());
        return from + Math.max(1, Math.round(interval));
    }

    private void complete(Task task) {
        accrue();
        task.done = true;
        task.response = now - task.firstActivation;
        completed++;
        active.remove(task);
        task.active = false;
        memory.completed(task);
        trace.event(now, "complete", task.id, -1);
    }

    // ---- load control

    private int loadingTasks() {
        int n = 0;
        for (Task task : active) {
            n += task.loading ? 1 : 0;
        }
        return n;
    }

    private void activate() {
        while (!ready.isEmpty()) {
            Task first = ready.peekFirst();
            if (!active.isEmpty()) {
                if (config.ltrt() && loadingTasks() >= config.loadingLimit()) {
                    return;
                }
                if (!feedback) {
                    long committed = 0;
                    for (Task task : active) {
                        // a known locality counts until the task has run theta since activation and W holds it
                        committed += task.vt - task.activatedVt < config.theta()
                                ? Math.max(memory.commitment(task), task.locality) : memory.commitment(task);
                    }
                    if (first.commitment + config.k0() > config.frames() - committed) {
                        return;
                    }
                } else if (now < nextDecision
                        || recentBusy >= SystemConfig.PAGING_TARGET - SystemConfig.PAGING_BAND) {
                    return;
                }
            }
            ready.pollFirst();
            accrue();
            active.add(first);
            peakMpl = Math.max(peakMpl, active.size());
            first.active = true;
            first.loading = config.ltrt();
            first.activatedVt = first.vt;
            if (first.irim != null && first.irimScan < 0) {
                first.irimScan = 0;
            }
            first.sliceLeft = config.timeSlice();
            if (first.firstActivation < 0) {
                first.firstActivation = now;
            }
            activations++;
            trace.event(now, "activate", first.id, -1);
            if (feedback) {
                nextDecision = now + (long) config.feedbackWindow();
            }
        }
    }

    private void deactivate(Task task, boolean overcommitted) {
        accrue();
        active.remove(task);
        task.active = false;
        task.loading = false;
        // a task stopped at a fault needs one frame more than its working set to run again
        task.commitment = memory.commitment(task) + (overcommitted && task.blocked ? 1 : 0);
        if (task.readQueued && queue.cancel(task)) {
            faults--; // the read is given up: the fault counts when it is made again
            task.faults--;
            task.readQueued = false;
            task.blocked = false; // it faults again when it runs again
        }
        memory.deactivated(task);
        if (overcommitted) {
            deactivations++;
            ready.addFirst(task);
        } else {
            sliceDeactivations++;
            ready.addLast(task);
        }
        trace.event(now, overcommitted ? "deactivate" : "slice", task.id, -1);
    }

    /**
     * The task to deactivate under {@code config}'s rule, among those that are not waiting to use a page just read
     * for them (taking one would waste its read, and could do so for ever); the faulting task if none other is.
     */
    private Task victim(Task faulting) {
        List<Task> candidates = active.stream().filter(t -> !t.fresh || t == faulting).toList();
        if (candidates.isEmpty()) {
            return faulting;
        }
        return switch (config.deactivation()) {
            case LAST_ACTIVATED -> candidates.getLast();
            case FAULTING -> faulting.active ? faulting : candidates.getLast();
            case SMALLEST_RESIDENT -> candidates.stream().min((a, b) -> Integer.compare(a.resident, b.resident))
                    .orElseThrow();
            case LARGEST_RESIDENT -> candidates.stream().max((a, b) -> Integer.compare(a.resident, b.resident))
                    .orElseThrow();
            case LARGEST_REMAINING_SLICE -> candidates.stream()
                    .max((a, b) -> Long.compare(a.sliceLeft, b.sliceLeft)).orElseThrow();
            case RANDOM -> candidates.get(random.nextInt(candidates.size()));
        };
    }

    // ---- paging devices

    private void dispatch() {
        for (int d = 0; d < deviceBusy.length; d++) {
            if (!deviceBusy[d]) {
                serve(d);
            }
        }
    }

    private void serve(int device) {
        while (!queue.isEmpty()) {
            PagingQueue.Request request = queue.take();
            if (!request.isRead()) {
                if (write(device, request.frame())) {
                    return;
                }
                continue;
            }
            Task task = request.task();
            task.readQueued = false;
            int frame = frameFor(task, device);
            if (frame == Memory.WAIT || frame == WRITING) {
                queue.putBack(request); // the read waits for a frame being cleaned or read
                task.readQueued = true;
                return;
            }
            if (frame < 0) {
                continue; // the faulting task itself was deactivated: its read is given up
            }
            memory.reading(frame, task, request.page());
            start(device, Kind.READ_DONE, frame, task, request.page());
            trace.event(now, "read", task.id, request.page());
            return;
        }
    }

    /** {@link #frameFor}: the device was given a write to free a frame. */
    private static final int WRITING = -3;
    /** {@link #frameFor}: the faulting task was deactivated. */
    private static final int GIVEN_UP = -4;

    /**
     * A frame for {@code task}'s read: one replaced; or, when only dirty pages could be replaced, {@link #WRITING}
     * with {@code device} given one to clean, or {@link Memory#WAIT} while other devices clean or read; or, memory
     * overcommitted, a frame after the load control deactivates tasks, or {@link #GIVEN_UP} when that was
     * {@code task} itself.
     */
    private int frameFor(Task task, int device) {
        while (true) {
            int frame = memory.replace(task);
            if (frame >= 0) {
                return frame;
            }
            if (frame == Memory.WAIT) {
                PagingQueue.Request write;
                while ((write = queue.takeWrite()) != null) {
                    if (write(device, write.frame())) {
                        return WRITING;
                    }
                }
                if (memory.cleaning > 0 || memory.reading > 0) {
                    return Memory.WAIT;
                }
                continue; // every queued write was stale: look again, now without them
            }
            if (active.size() <= 1 || !task.active) {
                if (!memory.shrink(task)) {
                    throw new IllegalStateException(task + " needs a frame and none can be freed");
                }
                continue;
            }
            Task victim = victim(task);
            deactivate(victim, true);
            if (victim == task) {
                faults--; // its read is given up; it faults again, and counts, when it runs again
                task.faults--;
                task.blocked = false;
                return GIVEN_UP;
            }
        }
    }

    private boolean write(int device, int frame) {
        if (!memory.startWrite(frame)) {
            return false;
        }
        start(device, Kind.WRITE_DONE, frame, null, -1);
        trace.event(now, "write", memory.owner[frame], memory.page[frame]);
        return true;
    }

    private void start(int device, Kind kind, int frame, Task task, int page) {
        accrue();
        deviceBusy[device] = true;
        busyDevices++;
        long access = uniform(config.auxMin(), config.auxMax());
        if (kind == Kind.READ_DONE) {
            readTime += access;
        }
        schedule(now + access, kind, device, frame, task, page);
    }

    private void schedule(long time, Kind kind, int device, int frame, Task task, int page) {
        events.add(new Event(time, eventSeq++, kind, device, frame, task, page));
    }

    private long uniform(long min, long max) {
        return min == max ? min : min + random.nextLong(max - min + 1);
    }

    private void handle(Event event) {
        switch (event.kind()) {
            case READ_DONE -> {
                accrue();
                deviceBusy[event.device()] = false;
                busyDevices--;
                memory.loaded(event.frame());
                event.task().blocked = false;
                event.task().fresh = true;
                event.task().freshFrame = event.frame();
                trace.event(now, "loaded", event.task().id, event.page());
            }
            case WRITE_DONE -> {
                accrue();
                deviceBusy[event.device()] = false;
                busyDevices--;
                memory.cleaned(event.frame());
                trace.event(now, "cleaned", memory.owner[event.frame()], memory.page[event.frame()]);
            }
            case IO_DONE -> {
                event.task().ioBlocked = false;
                trace.event(now, "io-done", event.task().id, -1);
            }
        }
    }

    // ---- time

    /**
     * Moves the clock on. The integrals need no update here: their rates (active tasks, busy devices) change only
     * where {@link #accrue()} is called first. The feedback control's moving average is brought up to the moment
     * before each step, which is where its decisions read it.
     */
    private void advanceTo(long time) {
        if (time > now) {
            if (feedback) {
                accrue();
            }
            now = time;
        }
    }

    /**
     * Adds the time since the last change to the integrals of active tasks and busy devices, and to the feedback
     * control's moving average; called before either count changes.
     */
    private void accrue() {
        long elapsed = now - lastAccrual;
        if (elapsed > 0) {
            mplIntegral += (double) active.size() * elapsed;
            busyIntegral += (long) busyDevices * elapsed;
            if (feedback) {
                double weight = 1 - Math.exp(-elapsed / config.feedbackWindow());
                recentBusy += ((double) busyDevices / deviceBusy.length - recentBusy) * weight;
            }
            lastAccrual = now;
        }
    }

}
