package io.heaplab.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {

    @TempDir
    Path dir;

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aNewFileReplacesTheOldWholeAndNoTemporaryIsLeftBehind() throws IOException {
        Path file = Files.writeString(Files.createDirectory(dir.resolve("sub")).resolve("r.json"), "old");
        AtomicFiles.write(file, bytes("new"));
        assertThat(file).hasContent("new");
        try (var files = Files.list(file.getParent())) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void theDirectoriesAreMadeAndALinkIsFollowedToTheFileItNames() throws IOException {
        Path deep = dir.resolve("a/b/r.csv");
        AtomicFiles.write(deep, bytes("x,y\n"));
        assertThat(deep).hasContent("x,y\n");
        Path link = Files.createSymbolicLink(dir.resolve("link.csv"), deep);
        AtomicFiles.write(link, bytes("z\n"));
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(deep).hasContent("z\n");
    }

    @Test
    void aFailureNamesTheTarget() throws IOException {
        Path file = Files.writeString(dir.resolve("file"), "x");
        assertThatThrownBy(() -> AtomicFiles.write(file.resolve("r.json"), bytes("{}")))
                .isInstanceOf(IOException.class).hasMessageStartingWith(file.resolve("r.json") + ": ");
    }
}
