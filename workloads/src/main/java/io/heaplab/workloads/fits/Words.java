package io.heaplab.workloads.fits;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.zip.GZIPInputStream;

/**
 * The word list the {@code fits} workload's strings come from: SCOWL's words of 2-15 lower-case letters, in place of
 * the Collins Scrabble Words the course report read (see {@code SCOWL-README.txt} beside this class).
 */
final class Words {

    /** The words, in the list's order, each followed by its NUL: the bytes a {@code char*} holds. */
    private static final class List {
        static final List INSTANCE = load();
        final byte[] bytes;
        final int[] starts;

        List(byte[] bytes, int[] starts) {
            this.bytes = bytes;
            this.starts = starts;
        }
    }

    private Words() {
    }

    /** How many words the list has. */
    static int count() {
        return List.INSTANCE.starts.length - 1;
    }

    /** The bytes of word {@code i} (the list taken round and round), its terminating NUL included. */
    static int length(long i) {
        int w = (int) (i % count());
        return List.INSTANCE.starts[w + 1] - List.INSTANCE.starts[w];
    }

    /** Byte {@code k} of word {@code i}: its letters, then 0. */
    static byte byteOf(long i, int k) {
        int w = (int) (i % count());
        return List.INSTANCE.bytes[List.INSTANCE.starts[w] + k];
    }

    private static List load() {
        String resource = "scowl-words.txt.gz";
        try (InputStream in = Words.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("resource " + resource + " is missing beside " + Words.class.getName()
                        + " (expected: the word list heaplab ships)");
            }
            byte[] text;
            try (InputStream words = new GZIPInputStream(in)) {
                ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 20);
                words.transferTo(out);
                text = out.toByteArray();
            }
            int[] starts = new int[1 << 17];
            int count = 0;
            starts[0] = 0;
            for (int i = 0; i < text.length; i++) {
                if (text[i] == '\n') {
                    text[i] = 0; // the line's end becomes the string's NUL
                    if (++count + 1 > starts.length) {
                        starts = Arrays.copyOf(starts, starts.length * 2);
                    }
                    starts[count] = i + 1;
                }
            }
            return new List(text, Arrays.copyOf(starts, count + 1));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
