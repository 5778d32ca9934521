package io.heaplab.traces.kit;

import io.heaplab.traces.TraceFormatSpec;

/**
 * A format's spec told by its label, its help line and what its references are, from which follow whether the page
 * size cuts them and whether the reader renumbers them; how it is read, written and told is the subclass's.
 */
public abstract class DescribedFormat implements TraceFormatSpec {

    /** What a trace's references are. */
    public enum References {
        /** heaplab's own page numbers, replayed as they are. */
        PAGES,
        /** Byte addresses, cut into pages by the page size, then numbered densely (lackey's, UCSD's). */
        ADDRESSES,
        /** Object ids, each a page, numbered densely in order of first appearance (libCacheSim's, ARC's). */
        IDS
    }

    private final String label;
    private final String help;
    private final References references;

    /**
     * @param label      the name {@code --format} takes
     * @param help       the label, then anything its {@code --format} help needs said in parentheses
     * @param references what the trace's references are
     */
    protected DescribedFormat(String label, String help, References references) {
        this.label = label;
        this.help = help;
        this.references = references;
    }

    @Override
    public String label() {
        return label;
    }

    @Override
    public String help() {
        return help;
    }

    @Override
    public boolean cutsAddresses() {
        return references == References.ADDRESSES;
    }

    @Override
    public boolean renumbers() {
        return references != References.PAGES;
    }
}
