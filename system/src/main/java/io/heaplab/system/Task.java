package io.heaplab.system;

import io.heaplab.paging.PageLists;
import java.util.Arrays;

/** One task of a simulation: a prototype's reference string, where it has got to, and its page table. */
final class Task {

    /** The one list of {@link #wOrder}. */
    static final int W = 0;

    final int id;
    final Prototype prototype;
    final long[] runs;
    final long length;

    /** The IRIM form of the string, or null when it is a string of references. */
    final Irim irim;
    /** Position in the IRIM events. */
    int event;
    /** IRIM: pages in an open period, counted as referenced throughout (unless given up by a shrink). */
    final boolean[] irimActive;
    /** IRIM: pages in an open period. */
    final boolean[] irimOpen;
    /**
     * IRIM: where the check that every page of an open period is resident has got to, after an activation (pages
     * may have been taken while the task was inactive); -1 when no check is due.
     */
    int irimScan = -1;

    /** Position: the run being executed and the references of it done. */
    int run;
    int offset;
    /** Virtual time: references completed. */
    long vt;

    boolean active;
    boolean done;
    /** Waiting for a page read. */
    boolean blocked;
    /** Waiting for its own I/O. */
    boolean ioBlocked;
    /** In its loading phase, as LT/RT tells. */
    boolean loading;
    /** Its page read is on the paging queue, not yet taken by a device. */
    boolean readQueued;
    /** A page was read for it and it has not run since: deactivating it would waste the read. */
    boolean fresh;
    /** The frame of that page. */
    int freshFrame = -1;
    long activatedVt;
    long sliceLeft;
    long nextIoVt;
    long firstActivation = -1;
    /** Its program's mean working set, when the load control is told it (an ablation); else 0. */
    long locality;
    /** Page reads made for it (a read given up when it is deactivated is not counted). */
    long faults;
    /** From first activation to completion, once completed. */
    long response;
    /** The load control's estimate of its commitment while not active: its |W| or |RW| when it stopped. */
    long commitment;

    /** Frame of each page, or -1. */
    final int[] frameOf;
    int resident;
    /** Of those, pages in the available set A (policies with one). */
    int available;

    // pure WS: LR(p), W, and W's pages by last reference, the latest at the head (but those of open IRIM periods,
    // referenced throughout)
    final long[] lr;
    final boolean[] inW;
    final PageLists wOrder = new PageLists("W");
    int wSize;
    /** Some page left W since the last WS-scan was counted. */
    boolean wLost;

    // PFF: the virtual time of the last fault
    long lastFaultVt;

    // WSCLOCK: the resident working set's size
    int rw;

    Task(int id, Prototype prototype) {
        this.id = id;
        this.prototype = prototype;
        this.runs = prototype.string().runs();
        this.irim = prototype.string().irimForm();
        this.length = prototype.string().references();
        int pages = prototype.string().pages();
        frameOf = new int[pages];
        Arrays.fill(frameOf, -1);
        lr = new long[pages];
        inW = new boolean[pages];
        if (pages > wOrder.capacity()) {
            wOrder.grow(pages - 1);
        }
        irimActive = new boolean[pages];
        irimOpen = new boolean[pages];
    }

    /** Whether every reference (or IRIM event) has been executed. */
    boolean finished() {
        return irim != null ? event == irim.times().length && vt == length : run == runs.length;
    }

    /** IRIM: {@code page} opens a period; it stays in W, out of the order of last reference, until it ends. */
    void opened(int page) {
        irimActive[page] = true;
        if (inW[page]) {
            wOrder.remove(page);
        } else {
            enterW(page);
        }
    }

    /** The page of W's order last referenced longest ago, or {@link PageLists#NIL}. */
    int oldestInW() {
        return wOrder.tail(W);
    }

    /** IRIM: {@code page}'s period ends, its last reference at {@code at}: it joins W's order as last referenced. */
    void closed(int page, long at) {
        irimActive[page] = false;
        if (!inW[page]) {
            enterW(page);
        }
        wOrder.pushHead(W, page);
        lr[page] = at;
    }

    boolean runnable() {
        return active && !blocked && !ioBlocked && !done;
    }

    /** Puts {@code page} at the tail of W (last referenced now), entering W if it was out. */
    void referenced(int page, long at) {
        if (inW[page]) {
            wOrder.moveToHead(W, page);
        } else {
            enterW(page);
            wOrder.pushHead(W, page);
        }
        lr[page] = at;
    }

    private void enterW(int page) {
        inW[page] = true;
        wSize++;
    }

    /** Takes the page last referenced longest ago out of W, and returns it. */
    int leaveW() {
        int page = wOrder.tail(W);
        wOrder.remove(page);
        inW[page] = false;
        wSize--;
        wLost = true;
        return page;
    }

    @Override
    public String toString() {
        return "task " + id + " (" + prototype.name() + ")";
    }
}
