package io.heaplab.traces;

import io.heaplab.traces.address.AddressSpec;
import io.heaplab.traces.arc.ArcSpec;
import io.heaplab.traces.heaplab.BinarySpec;
import io.heaplab.traces.heaplab.TextSpec;
import io.heaplab.traces.lackey.LackeySpec;
import io.heaplab.traces.libcachesim.IdsSpec;
import io.heaplab.traces.libcachesim.OracleGeneralSpec;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Set;

/**
 * The trace formats heaplab itself reads, and which of them it writes: each constant is the spec in its family's
 * package (reader, writer, detection), so a format is added by its package and one constant here.
 */
public enum TraceFormat implements TraceFormatSpec {

    /** heaplab's compact run-length format, optionally deflated; read and written (see {@code BinaryTraceFormat}). */
    BINARY(new BinarySpec()),
    /** One page per line, {@code PAGE [R|W]}, with {@code #} comments; read and written. */
    TEXT(new TextSpec()),
    /** The memory trace of valgrind's {@code --tool=lackey --trace-mem=yes}; read only. */
    LACKEY(new LackeySpec()),
    /**
     * libCacheSim's {@code oracleGeneral} binary records (24 bytes each, object ids made pages), plain or
     * zstd-compressed; read and written.
     */
    ORACLE_GENERAL(new OracleGeneralSpec()),
    /**
     * libCacheSim's txt and csv traces, and the LIRS traces: an object id per line, or in a column of a
     * comma-separated line; read only.
     */
    IDS(new IdsSpec()),
    /** The ARC paper's block traces, {@code START COUNT IGNORED REQUEST} per line; read only. */
    ARC(new ArcSpec()),
    /** The UCSD address traces, {@code l|s 0xADDRESS N} per line; read only. */
    ADDRESS(new AddressSpec());

    private final TraceFormatSpec spec;

    TraceFormat(TraceFormatSpec spec) {
        this.spec = spec;
    }

    /**
     * Tells a built-in format by name and content (see {@link TraceFormats#guess(Path)}): the binary magic, or any
     * control character; lackey when the first non-blank line is a valgrind {@code ==} log line or a lackey access;
     * else text. An empty file is text.
     */
    public static TraceFormat detect(Path file) throws IOException {
        return (TraceFormat) guess(file).format();
    }

    /** The built-in format {@link #detect(Path)} tells, with the reason. */
    public static TraceFormats.Guess guess(Path file) throws IOException {
        return TraceFormats.builtIn().guess(file);
    }

    /**
     * Tells the built-in format of a stream by content, as {@link #detect(Path)} does, without consuming it:
     * {@code in} must support {@link InputStream#mark mark}, and is reset to where it was.
     */
    public static TraceFormat detect(InputStream in) throws IOException {
        return (TraceFormat) TraceFormats.builtIn().guess(in).format();
    }

    /** A label such as {@code "binary"} or {@code "oracle-general"} (any case) to its constant. */
    public static TraceFormat parse(String name) {
        return (TraceFormat) TraceFormats.builtIn().parse(name);
    }

    /** The name {@link #parse} takes: the constant in lower case, words joined by '-'. */
    @Override
    public String label() {
        return spec.label();
    }

    @Override
    public String help() {
        return spec.help();
    }

    @Override
    public boolean cutsAddresses() {
        return spec.cutsAddresses();
    }

    @Override
    public boolean renumbers() {
        return spec.renumbers();
    }

    @Override
    public Set<String> options() {
        return spec.options();
    }

    @Override
    public TraceReader open(Path file, ReadOptions options) throws IOException {
        return spec.open(file, options);
    }

    @Override
    public TraceReader open(InputStream in, Path name, ReadOptions options) throws IOException {
        return spec.open(in, name, options);
    }

    @Override
    public boolean writes() {
        return spec.writes();
    }

    @Override
    public TraceWriter create(Path file, int pageSize, boolean compress) throws IOException {
        return spec.create(file, pageSize, compress);
    }

    @Override
    public String byName(String name) {
        return spec.byName(name);
    }

    @Override
    public String bySignature(byte[] head, int length) {
        return spec.bySignature(head, length);
    }

    @Override
    public String byFirstLine(byte[] b, int start, int end) {
        return spec.byFirstLine(b, start, end);
    }
}
