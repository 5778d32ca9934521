package io.heaplab.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputFileTest {

    @TempDir
    Path dir;

    @Test
    void aChainOfLinksResolvesToTheFileAtItsEndWhetherItExistsOrNot() throws IOException {
        Path file = Files.writeString(dir.resolve("real.json"), "{}");
        Path sub = Files.createDirectory(dir.resolve("sub"));
        Path relative = Files.createSymbolicLink(sub.resolve("up.json"), Path.of("../real.json"));
        Path absolute = Files.createSymbolicLink(dir.resolve("abs.json"), relative);
        assertThat(OutputFile.resolve(absolute)).isEqualTo(sub.resolve("../real.json").toAbsolutePath());
        assertThat(Files.isSameFile(OutputFile.resolve(absolute), file)).isTrue();
        Path dangling = Files.createSymbolicLink(dir.resolve("new.json"), Path.of("made-later.json"));
        assertThat(OutputFile.resolve(dangling)).isEqualTo(dir.resolve("made-later.json").toAbsolutePath());
        assertThat(OutputFile.resolve(Path.of("plain.json"))).isEqualTo(Path.of("plain.json").toAbsolutePath());
    }

    @Test
    void aLoopOfLinksIsNamed() throws IOException {
        Path a = dir.resolve("a");
        Files.createSymbolicLink(a, dir.resolve("b"));
        Files.createSymbolicLink(dir.resolve("b"), a);
        assertThatThrownBy(() -> OutputFile.resolve(a)).isInstanceOf(IOException.class)
                .hasMessage(a + ": more than 40 symbolic links (expected: a file to write, or a link to one)");
    }

    @Test
    void onlyDevicesFifosAndSocketsAreSpecial() throws IOException {
        assertThat(OutputFile.isSpecial(Path.of("/dev/null"))).isTrue();
        assertThat(OutputFile.isSpecial(Files.writeString(dir.resolve("f"), "x"))).isFalse();
        assertThat(OutputFile.isSpecial(dir)).isFalse();
        assertThat(OutputFile.isSpecial(dir.resolve("missing"))).isFalse();
    }

    @Test
    void aFailureNamesTheUsersPathOnceAndTheReasonInWords() {
        Path target = Path.of("out/r.json");
        IOException full = OutputFile.failure(target, new IOException("No space left on device"));
        assertThat(full).hasMessage("out/r.json: cannot write it: no space left on device");
        assertThat(OutputFile.failure(Path.of("other"), full)).isSameAs(full);
        assertThat(OutputFile.failure(target, new FileSystemException("out/.r.json.1.tmp", null, "File too large")))
                .hasMessage("out/r.json: cannot write it: file too large (the size limit for a file, ulimit -f, is"
                        + " reached)");
        assertThat(OutputFile.failure(target, new AccessDeniedException("out/.r.json.1.tmp")))
                .hasMessage("out/r.json: cannot write it: permission denied");
        assertThat(OutputFile.failure(target, new NotDirectoryException("out")))
                .hasMessage("out/r.json: cannot write it: a part of the path is not a directory");
        assertThat(OutputFile.reason(new NoSuchFileException("x"))).isEqualTo("no such file or directory");
    }
}
