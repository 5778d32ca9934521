package io.heaplab.traces;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Damage done to a valid file to fuzz its reader: cuts, flipped and overwritten bytes, bytes inserted, deleted or
 * repeated, the head of one file spliced onto the tail of another, junk appended. Positions are taken modulo the
 * length at hand, so any edit applies to any file, and shrinking moves them toward the file's start.
 */
public final class ByteMutations {

    /** No mutant grows past this: a reader is fuzzed on a few KiB, so memory and time stay small. */
    public static final int MAX_BYTES = 32 * 1024;

    /** Bytes that mean something to some reader: varint ends, control codes, separators, digits, signs. */
    private static final byte[] TELLING = {0x00, 0x01, 0x02, 0x03, 0x07, 0x08, 0x1A, 0x7F, (byte) 0x80, (byte) 0x85,
        (byte) 0xFF, '\n', '\r', '\t', ' ', ',', ':', '=', '#', '-', '+', '"', '0', '1', '9', 'x', 'f', 'I', 'L', 'S',
        'M', '@', '<'};

    private ByteMutations() {
    }

    /** One edit of a file's bytes; {@code others} are the files a splice takes its tail from. */
    public sealed interface Edit {

        byte[] apply(byte[] bytes, List<byte[]> others);
    }

    /** Cuts the file at {@code at}. */
    record Cut(int at) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            return Arrays.copyOf(bytes, at % (bytes.length + 1));
        }
    }

    /** Flips one bit of the byte at {@code at}. */
    record Flip(int at, int bit) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            if (bytes.length == 0) {
                return bytes;
            }
            byte[] out = bytes.clone();
            out[at % out.length] ^= (byte) (1 << bit);
            return out;
        }
    }

    /** Writes {@code with} over the bytes from {@code at} on, as far as the file goes. */
    record Overwrite(int at, byte[] with) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            if (bytes.length == 0) {
                return bytes;
            }
            byte[] out = bytes.clone();
            int from = at % out.length;
            System.arraycopy(with, 0, out, from, Math.min(with.length, out.length - from));
            return out;
        }

        @Override
        public String toString() {
            return "Overwrite[at=" + at + ", with=" + HexFormat.of().formatHex(with) + "]";
        }
    }

    /** Inserts {@code with} before the byte at {@code at}. */
    record Insert(int at, byte[] with) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            int from = at % (bytes.length + 1);
            return concat(Arrays.copyOf(bytes, from), with, Arrays.copyOfRange(bytes, from, bytes.length));
        }

        @Override
        public String toString() {
            return "Insert[at=" + at + ", with=" + HexFormat.of().formatHex(with) + "]";
        }
    }

    /** Deletes up to {@code length} bytes from {@code at} on. */
    record Delete(int at, int length) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            int from = at % (bytes.length + 1);
            int to = Math.min(bytes.length, from + length);
            return concat(Arrays.copyOf(bytes, from), Arrays.copyOfRange(bytes, to, bytes.length));
        }
    }

    /** Repeats the up to {@code length} bytes from {@code at} on {@code times} more times: long lines, many records. */
    record Repeat(int at, int length, int times) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            int from = at % (bytes.length + 1);
            byte[] chunk = Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + length));
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.write(bytes, 0, from);
            for (int i = 0; i <= times; i++) {
                out.write(chunk, 0, chunk.length);
            }
            out.write(bytes, from + chunk.length, bytes.length - from - chunk.length);
            return out.toByteArray();
        }
    }

    /** This file up to {@code at}, then another from its byte {@code from} on: two formats, or two versions, in one. */
    record Splice(int at, int other, int from) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            byte[] tail = others.get(other % others.size());
            return concat(Arrays.copyOf(bytes, at % (bytes.length + 1)),
                    Arrays.copyOfRange(tail, from % (tail.length + 1), tail.length));
        }
    }

    /** Appends {@code junk}. */
    record Append(byte[] junk) implements Edit {
        @Override
        public byte[] apply(byte[] bytes, List<byte[]> others) {
            return concat(bytes, junk);
        }

        @Override
        public String toString() {
            return "Append[" + HexFormat.of().formatHex(junk) + "]";
        }
    }

    /** One to four edits, the commonest first: a file is damaged in a few places, seldom in many. */
    public static Arbitrary<List<Edit>> edits() {
        Arbitrary<Integer> at = Arbitraries.integers().between(0, 1 << 20);
        Arbitrary<byte[]> some = bytes().array(byte[].class).ofMinSize(1).ofMaxSize(16);
        Arbitrary<Edit> edit = Arbitraries.frequencyOf(
                Tuple.of(3, at.map(Cut::new)),
                Tuple.of(4, Combinators.combine(at, Arbitraries.integers().between(0, 7)).as(Flip::new)),
                Tuple.of(4, Combinators.combine(at, some).as(Overwrite::new)),
                Tuple.of(3, Combinators.combine(at, some).as(Insert::new)),
                Tuple.of(2, Combinators.combine(at, Arbitraries.integers().between(1, 64)).as(Delete::new)),
                Tuple.of(1, Combinators.combine(at, Arbitraries.integers().between(1, 64),
                        Arbitraries.integers().between(1, 200)).as(Repeat::new)),
                Tuple.of(1, Combinators.combine(at, Arbitraries.integers().between(0, 100),
                        at).as(Splice::new)),
                Tuple.of(1, some.map(Append::new)));
        return edit.list().ofMinSize(1).ofMaxSize(4);
    }

    /** {@code seed} after {@code edits}, cut to {@link #MAX_BYTES}. */
    public static byte[] apply(byte[] seed, List<Edit> edits, List<byte[]> others) {
        byte[] bytes = seed;
        for (Edit edit : edits) {
            bytes = edit.apply(bytes, others);
            if (bytes.length > MAX_BYTES) {
                bytes = Arrays.copyOf(bytes, MAX_BYTES);
            }
        }
        return bytes;
    }

    /** Any byte, or often one that means something to a reader. */
    private static Arbitrary<Byte> bytes() {
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.bytes()), Tuple.of(1, Arbitraries.of(box(TELLING))));
    }

    private static Byte[] box(byte[] bytes) {
        Byte[] boxed = new Byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            boxed[i] = bytes[i];
        }
        return boxed;
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            out.write(part, 0, part.length);
        }
        return out.toByteArray();
    }
}
