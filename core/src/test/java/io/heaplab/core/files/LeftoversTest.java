package io.heaplab.core.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What an ending process removes: files and whole directories marked pending, nothing once committed. */
class LeftoversTest {

    @TempDir
    Path dir;

    @Test
    void aPendingPathIsKnownUntilForgottenAndDeleteTakesADirectoryWhole() throws IOException {
        Path staging = Files.createDirectories(dir.resolve(".report.1.tmp/charts"));
        Files.writeString(staging.resolve("a.png"), "x");
        Leftovers.add(staging.getParent());
        assertThat(Leftovers.isPending(staging.getParent())).isTrue();
        Leftovers.delete(staging.getParent());
        Leftovers.remove(staging.getParent());
        assertThat(Leftovers.isPending(staging.getParent())).isFalse();
        assertThat(dir).isEmptyDirectory();
        Leftovers.delete(dir.resolve("gone")); // nothing there: nothing to do
    }
}
