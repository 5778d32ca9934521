package io.heaplab.system;

import java.util.List;

/**
 * Main memory: M frames with owner, page, use and dirty bits, and the replacement rule of one policy. The system
 * asks it for a frame when a paging device takes a read; it tells the system which dirty pages to clean.
 */
abstract class Memory {

    static final byte FREE = 0;
    static final byte USED = 1;
    static final byte READING = 2;
    static final byte WRITING = 3;

    /** {@link #replace} found no clean replaceable frame, but pages are being cleaned or queued to be. */
    static final int WAIT = -1;
    /** {@link #replace} found nothing replaceable at all: memory is overcommitted. */
    static final int OVERCOMMITTED = -2;

    final int frames;
    final long theta;
    final List<Task> tasks;
    final int[] owner;
    final int[] page;
    final boolean[] dirty;
    /** The use bit the hardware sets at every reference; the policies that read it clear it. */
    final boolean[] use;
    final byte[] state;
    final boolean[] writeQueued;
    /** Where pages to clean go: the paging queue. */
    private final java.util.function.IntConsumer cleaner;

    long replacements;
    /** Of the frames given to reads, those that held no page: memory was not yet full. */
    long freeFrames;
    long framesExamined;
    long reclaims;
    long writes;
    /** Writes queued or in service, so waiting for a clean frame makes sense. */
    int cleaning;
    /** Reads in service on other devices: their frames settle soon, so waiting makes sense too. */
    int reading;

    Memory(SystemConfig config, List<Task> tasks, java.util.function.IntConsumer cleaner) {
        this.frames = config.frames();
        this.theta = config.theta();
        this.tasks = tasks;
        this.cleaner = cleaner;
        owner = new int[frames];
        page = new int[frames];
        dirty = new boolean[frames];
        use = new boolean[frames];
        state = new byte[frames];
        writeQueued = new boolean[frames];
        java.util.Arrays.fill(owner, -1);
    }

    /** The memory of {@code config}'s policy. */
    static Memory of(SystemConfig config, List<Task> tasks, java.util.function.IntConsumer cleaner) {
        return switch (config.policy()) {
            case WS -> new WorkingSetMemory(config, tasks, cleaner);
            case WSCLOCK -> new WsClockMemory(config, tasks, cleaner);
            case PFF -> new PffMemory(config, tasks, cleaner);
            case CLOCK -> new ClockMemory(config, tasks, cleaner);
        };
    }

    /** Whether {@code task} may reference its page in frame {@code frame} now, without a fault. */
    abstract boolean usable(int frame);

    /** Makes {@code task}'s resident {@code page} usable again without I/O, if the policy can; whether it did. */
    abstract boolean reclaim(Task task, int page);

    /**
     * {@code task} executed references to its resident {@code page}, the last at virtual time {@code at}: the
     * hardware sets the frame's use bit, and its dirty bit if one wrote.
     */
    void touch(Task task, int page, boolean write, long at) {
        int f = task.frameOf[page];
        use[f] = true;
        if (write) {
            dirty[f] = true;
        }
    }

    /**
     * Whether frame {@code f}'s page counts as referenced since its use bit was last cleared: the bit is set, or the
     * page is in an open IRIM period, referenced throughout.
     */
    final boolean used(int f) {
        return use[f] || tasks.get(owner[f]).irimActive[page[f]];
    }

    /** IRIM: {@code task}'s resident {@code page} opens a period at virtual time {@code at}, referenced throughout. */
    void opened(Task task, int page, long at) {
        task.irimActive[page] = true;
        touch(task, page, false, at);
    }

    /** IRIM: {@code page}'s period ends with its last reference at {@code at}. */
    void closed(Task task, int page, long at) {
        task.irimActive[page] = false;
        touch(task, page, false, at);
    }

    /** IRIM: {@code task} writes its resident {@code page}. */
    void written(Task task, int page) {
        dirty[task.frameOf[page]] = true;
    }

    /** {@code task}'s virtual time has advanced: pages may have left its working set. */
    abstract void advance(Task task);

    /**
     * A frame for a page {@code task} faulted on, its old page evicted: a frame index, {@link #WAIT} or
     * {@link #OVERCOMMITTED}.
     */
    abstract int replace(Task task);

    /**
     * With {@code task} the only active task and memory overcommitted, gives up one of its own pages; whether one
     * could be given up.
     */
    abstract boolean shrink(Task task);

    /** The commitment the load control counts for {@code task}: |W| or |RW|. */
    abstract long commitment(Task task);

    /** {@code task} faulted (a page read is queued for it); policies that act at faults act here. */
    void faulted(Task task) {
    }

    /** {@code task} was deactivated: its pages become replaceable. */
    abstract void deactivated(Task task);

    /** A read of {@code task}'s {@code page} into {@code frame} starts. */
    void reading(int frame, Task task, int page) {
        owner[frame] = task.id;
        this.page[frame] = page;
        dirty[frame] = false;
        state[frame] = READING;
        task.frameOf[page] = frame;
        task.resident++;
        replacements++;
        reading++;
    }

    /** The read into {@code frame} is done. */
    void loaded(int frame) {
        state[frame] = USED;
        reading--;
    }

    /** What {@link #replace} says when it found nothing: wait for frames in flight, else overcommitted. */
    int nothingReplaceable() {
        return cleaning > 0 || reading > 0 ? WAIT : OVERCOMMITTED;
    }

    /** Takes {@code frame}'s page from its owner. */
    void evict(int frame) {
        if (owner[frame] >= 0) {
            Task old = tasks.get(owner[frame]);
            old.frameOf[page[frame]] = -1;
            old.resident--;
        }
        owner[frame] = -1;
        dirty[frame] = false;
        use[frame] = false;
        state[frame] = FREE;
    }

    /** Queues {@code frame}'s dirty page for cleaning, once. */
    void clean(int frame) {
        if (!writeQueued[frame]) {
            writeQueued[frame] = true;
            cleaning++;
            cleaner.accept(frame);
        }
    }

    /** Whether a device should still write {@code frame} out; starts the write if so. */
    boolean startWrite(int frame) {
        if (state[frame] == USED && dirty[frame] && needsCleaning(frame)) {
            state[frame] = WRITING;
            dirty[frame] = false; // a reference during the write dirties it again
            writes++;
            return true;
        }
        writeQueued[frame] = false;
        cleaning--;
        return false;
    }

    /** Whether a dirty page is still one the policy wants clean (it may have been reclaimed meanwhile). */
    abstract boolean needsCleaning(int frame);

    /** The write of {@code frame} is done. */
    void cleaned(int frame) {
        writeQueued[frame] = false;
        cleaning--;
        if (state[frame] == WRITING) {
            state[frame] = USED;
        }
    }

    /** {@code task} completed: its frames are free. */
    void completed(Task task) {
        for (int p = 0; p < task.frameOf.length; p++) {
            int f = task.frameOf[p];
            if (f >= 0) {
                free(f);
            }
        }
    }

    /** Frees {@code frame} of a completed task. */
    abstract void free(int frame);

    /**
     * Checks what must always hold, for tests: every resident page's frame names it back, so no frame is owned
     * twice, and the task's count of resident pages is right.
     */
    void verify() {
        int[] seen = new int[frames];
        for (Task task : tasks) {
            int resident = 0;
            for (int p = 0; p < task.frameOf.length; p++) {
                int f = task.frameOf[p];
                if (f >= 0) {
                    resident++;
                    if (owner[f] != task.id || page[f] != p || ++seen[f] > 1) {
                        throw new IllegalStateException("frame " + f + " holds task " + owner[f] + " page " + page[f]
                                + " but " + task + " maps page " + p + " to it");
                    }
                }
            }
            if (resident != task.resident) {
                throw new IllegalStateException(task + " counts " + task.resident + " resident pages, has " + resident);
            }
        }
        for (int f = 0; f < frames; f++) {
            if (owner[f] >= 0 && seen[f] == 0) {
                throw new IllegalStateException("frame " + f + " is owned by task " + owner[f] + " but not mapped");
            }
        }
    }
}
