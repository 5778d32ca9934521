package io.heaplab.traces.libcachesim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.traces.ReadOptions;
import io.heaplab.traces.TraceFormat;
import io.heaplab.traces.TraceFormatException;
import io.heaplab.traces.Traces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IdTraceReaderTest {

    @TempDir
    Path dir;

    private Traces.Trace read(String name, String text, ReadOptions options) throws IOException {
        return Traces.read(Files.writeString(dir.resolve(name), text), TraceFormat.IDS, options);
    }

    @Test
    void anIdPerLineIsAReadOfItsObjectNumberedByFirstAppearance() throws IOException {
        // libCacheSim's txt: 64-bit ids, a name, repeats merged into runs
        Traces.Trace ids = read("t.txt", "# a comment\n9223372036854775807\n\n42\n42\nuser:7\n9223372036854775807\n",
                null);
        Traces.Trace text = read("u.txt", "0\n1\n1\n2\n0\n", null);
        assertThat(ids.runs()).isEqualTo(text.runs());
        assertThat(Traces.read(Files.writeString(dir.resolve("v.txt"), "0\n1\n1\n2\n0\n"), TraceFormat.TEXT, null)
                .runs()).isEqualTo(text.runs());
    }

    @Test
    void aCsvColumnAndAHeaderAreReadAsAsked() throws IOException {
        String csv = "time,id,size\n1, 5000000000 ,10\n2,\"abc\",10\n3,5000000000,10\n";
        Traces.Trace trace = read("t.csv", csv, new ReadOptions(4096, false, 2, true));
        assertThat(trace.runs()).isEqualTo(read("u.txt", "0\n1\n0\n", null).runs());
        assertThat(TraceFormat.detect(dir.resolve("t.csv"))).isEqualTo(TraceFormat.IDS);
    }

    @Test
    void aLineWithoutTheColumnOrWithAnEmptyIdIsNamed() throws IOException {
        Path short_ = Files.writeString(dir.resolve("s.csv"), "1,2\n3\n");
        assertThatThrownBy(() -> Traces.read(short_, TraceFormat.IDS, new ReadOptions(4096, false, 2, false)))
                .isInstanceOf(TraceFormatException.class)
                .hasMessage(short_ + ": line 2: '3' has no column 2 (expected: an id in column 2 of every line)");
        Path empty = Files.writeString(dir.resolve("e.csv"), "1,,3\n");
        assertThatThrownBy(() -> Traces.read(empty, TraceFormat.IDS, new ReadOptions(4096, false, 2, false)))
                .hasMessage(empty + ": line 1: '1,,3' has an empty id in column 2 (expected: an object id)");
        assertThatThrownBy(() -> new ReadOptions(4096, false, 0, false)).hasMessageContaining("idColumn: 0");
    }
}
