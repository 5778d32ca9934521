package io.heaplab.traces.malloc.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding a real allocator: the C library's always, a known one where its library is, a path of one's own. */
class SystemAllocatorTest {

    @TempDir
    Path dir;

    @Test
    void glibcNeedsNoLibrary() throws Exception {
        assertThat(SystemAllocator.find("glibc", List.of()).library()).isNull();
    }

    @Test
    void aKnownAllocatorIsFoundInTheFirstDirectoryThatHasItsLibrary() throws Exception {
        Path first = Files.createDirectories(dir.resolve("a"));
        Path second = Files.createDirectories(dir.resolve("b"));
        Files.writeString(second.resolve("libtcmalloc_minimal.so.4"), "");
        Files.writeString(second.resolve("libjemalloc.so.2"), "");
        Files.writeString(first.resolve("libjemalloc.so.2"), "");
        assertThat(SystemAllocator.find("jemalloc", List.of(first, second)).library())
                .isEqualTo(first.resolve("libjemalloc.so.2"));
        assertThat(SystemAllocator.find("TCMalloc", List.of(first, second)))
                .isEqualTo(new SystemAllocator("tcmalloc", second.resolve("libtcmalloc_minimal.so.4")));
    }

    @Test
    void aKnownAllocatorNotInstalledSaysWhichPackageInstallsIt() {
        assertThatThrownBy(() -> SystemAllocator.find("mimalloc", List.of(dir)))
                .isInstanceOf(SystemAllocator.NotInstalled.class)
                .hasMessage("mimalloc is not installed (libmimalloc.so.2 is in none of 1 library directories):"
                        + " apt-get install libmimalloc2.0");
        assertThatThrownBy(() -> SystemAllocator.find("jemalloc", List.of()))
                .hasMessageEndingWith("apt-get install libjemalloc2");
        assertThatThrownBy(() -> SystemAllocator.find("tcmalloc", List.of()))
                .hasMessageEndingWith("apt-get install libtcmalloc-minimal4");
    }

    @Test
    void oneOfOnesOwnIsNamedWithItsPath() throws Exception {
        Path library = Files.writeString(dir.resolve("libmine.so"), "");
        assertThat(SystemAllocator.find("mine=" + library, List.of()))
                .isEqualTo(new SystemAllocator("mine", library.toAbsolutePath()));
        assertThatThrownBy(() -> SystemAllocator.find("mine=" + dir.resolve("missing.so"), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("allocator 'mine=").hasMessageContaining("(expected: NAME=PATH, a name of");
        assertThatThrownBy(() -> SystemAllocator.find("../x=" + library, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("allocator '../x=");
        assertThatThrownBy(() -> SystemAllocator.find("hoard", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown allocator 'hoard' (expected: one of glibc, jemalloc, mimalloc, tcmalloc, or NAME=PATH for"
                        + " a shared library)");
    }
}
