package io.heaplab.traces.malloc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture library on a program of known calls: compiled with the system's C compiler, preloaded, and its trace
 * read back; a child it forks gets a trace of its own; the library is compiled once per source and compiler.
 */
class MallocCaptureTest {

    /** Calls whose sizes no C runtime would make of itself, so the program's own are found among the runtime's. */
    private static final String PROGRAM = """
            #include <stdlib.h>
            #include <unistd.h>
            #include <sys/wait.h>
            int main(void) {
                char *a = malloc(12345);
                char *b = calloc(7, 1111);
                a = realloc(a, 23456);
                void *c = 0;
                if (posix_memalign(&c, 64, 3333) != 0) return 1;
                free(b);
                free(a);
                free(c);
                free(0);
                pid_t child = fork();
                if (child == 0) { free(malloc(4444)); _exit(0); }
                waitpid(child, 0, 0);
                return 3;
            }
            """;

    @TempDir
    static Path dir;

    private static Map<String, String> environment;
    private static Path program;

    @BeforeAll
    static void compileTheProgram() throws Exception {
        environment = new HashMap<>(System.getenv());
        Path compiler;
        try {
            compiler = new MallocCapture(dir.resolve("cache"), environment).compiler();
        } catch (MallocCapture.CaptureException e) {
            compiler = null;
        }
        assumeTrue(compiler != null, "no C compiler on this machine");
        Path source = dir.resolve("calls.c");
        Files.writeString(source, PROGRAM);
        program = dir.resolve("calls");
        Process cc = new ProcessBuilder(compiler.toString(), "-O0", "-o", program.toString(), source.toString())
                .redirectErrorStream(true).start();
        String output = new String(cc.getInputStream().readAllBytes());
        assertThat(cc.waitFor()).as(output).isZero();
    }

    /** The events of {@code trace} whose sizes are the program's own. */
    private static MallocTrace own(MallocTrace trace, long... sizes) {
        MallocTrace.Builder own = MallocTrace.builder();
        java.util.Set<Long> pointers = new java.util.HashSet<>();
        for (int i = 0; i < trace.events(); i++) {
            boolean mine = false;
            for (long size : sizes) {
                mine |= trace.size(i) == size && trace.op(i) != MallocOp.FREE;
            }
            if (mine) {
                pointers.add(trace.result(i));
                own.append(trace, i);
            } else if (trace.op(i) == MallocOp.FREE && pointers.contains(trace.pointer(i))) {
                own.append(trace, i);
            }
        }
        return own.build();
    }

    @Test
    void recordsEveryCallOfTheProgramInOrderAndItsChildsApart() throws IOException {
        MallocCapture capture = new MallocCapture(dir.resolve("cache"), environment);
        MallocCapture.Result result = capture.run(List.of(program.toString()), dir);
        try {
            assertThat(result.exitStatus()).isEqualTo(3);
            assertThat(result.processes()).hasSize(2);
            MallocCapture.Process parent = result.processes().get(0);
            MallocCapture.Process child = result.processes().get(1);
            assertThat(parent.exe()).isEqualTo(program.toString());
            assertThat(child.ppid()).isEqualTo(parent.pid());

            MallocTrace mine = own(AndroidMallocFormat.read(parent.file()), 12345, 7 * 1111, 23456, 3333);
            assertThat(mine.events()).isEqualTo(7);
            assertThat(List.of(mine.op(0), mine.op(1), mine.op(2), mine.op(3), mine.op(4), mine.op(5), mine.op(6)))
                    .containsExactly(MallocOp.MALLOC, MallocOp.CALLOC, MallocOp.REALLOC, MallocOp.MEMALIGN,
                            MallocOp.FREE, MallocOp.FREE, MallocOp.FREE);
            assertThat(mine.extra(1)).as("calloc's nmemb").isEqualTo(7);
            assertThat(mine.pointer(2)).as("realloc's old block").isEqualTo(mine.result(0));
            assertThat(mine.extra(3)).as("posix_memalign's alignment").isEqualTo(64);
            assertThat(mine.result(3) % 64).isZero();
            assertThat(mine.pointer(4)).isEqualTo(mine.result(1));
            assertThat(mine.pointer(5)).isEqualTo(mine.result(2));
            assertThat(mine.pointer(6)).isEqualTo(mine.result(3));

            MallocTrace childs = own(AndroidMallocFormat.read(child.file()), 4444);
            assertThat(childs.events()).isEqualTo(2);
            assertThat(childs.op(0)).isEqualTo(MallocOp.MALLOC);
            assertThat(own(AndroidMallocFormat.read(parent.file()), 4444).events()).as("the child's in the parent's")
                    .isZero();
        } finally {
            result.deleteFiles();
        }
        assertThat(result.directory()).doesNotExist();
    }

    @Test
    void aRealProgramsTraceHasMallocs() throws IOException {
        MallocCapture.Result result = new MallocCapture(dir.resolve("cache"), environment)
                .run(List.of("ls", "-l", dir.toString()), dir);
        try {
            MallocTrace trace = AndroidMallocFormat.read(result.processes().getFirst().file());
            assertThat(trace.events()).isGreaterThan(10);
            assertThat(trace.liveProfile().peakLiveBytes()).isPositive();
        } finally {
            result.deleteFiles();
        }
    }

    @Test
    void theLibraryIsCompiledOncePerSourceAndCompiler() throws Exception {
        MallocCapture capture = new MallocCapture(dir.resolve("cache"), environment);
        Path library = capture.library();
        long modified = Files.getLastModifiedTime(library).toMillis();
        Thread.sleep(20);
        assertThat(capture.library()).isEqualTo(library);
        assertThat(Files.getLastModifiedTime(library).toMillis()).isEqualTo(modified);
    }

    @Test
    void aMissingCompilerOrCommandIsOneLine() {
        Map<String, String> noCompiler = new HashMap<>(environment);
        noCompiler.put("CC", dir.resolve("no-such-cc").toString());
        assertThatThrownBy(() -> new MallocCapture(dir.resolve("other"), noCompiler).library())
                .isInstanceOf(MallocCapture.CaptureException.class)
                .hasMessage("malloc capture: CC=" + dir.resolve("no-such-cc") + " is not an executable (expected: a C"
                        + " compiler such as cc or gcc)");
        Map<String, String> emptyPath = new HashMap<>(environment);
        emptyPath.remove("CC");
        emptyPath.put("PATH", dir.toString());
        assertThatThrownBy(() -> new MallocCapture(dir.resolve("other"), emptyPath).compiler())
                .hasMessage("malloc capture needs a C compiler: none of cc, gcc, clang, tcc found on PATH (set CC)");
        assertThatThrownBy(() -> new MallocCapture(dir.resolve("cache"), environment)
                .run(List.of(dir.resolve("no-such-program").toString()), dir))
                .isInstanceOf(MallocCapture.CaptureException.class)
                .hasMessageStartingWith("malloc capture: cannot start " + dir.resolve("no-such-program"));
    }
}
