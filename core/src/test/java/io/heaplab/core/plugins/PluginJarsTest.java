package io.heaplab.core.plugins;

import io.heaplab.core.spi.SpecException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginJarsTest {

    @TempDir
    Path dir;

    @Test
    void aDirectoryGivesItsJarsInNameOrderAndEachJarCountsOnce() throws IOException {
        Path b = Files.createFile(dir.resolve("b.jar"));
        Path a = Files.createFile(dir.resolve("a.jar"));
        Files.createFile(dir.resolve("notes.txt"));
        Files.createDirectory(dir.resolve("sub.jar"));
        assertThat(PluginJars.jars(List.of(dir, b, dir.resolve(".").resolve("a.jar")))).containsExactly(a, b);
    }

    @Test
    void aMissingPathIsAUsageErrorNamingIt() {
        Path missing = dir.resolve("gone");
        assertThatThrownBy(() -> PluginJars.jars(List.of(missing))).isInstanceOf(SpecException.class)
                .hasMessage("plugin path " + missing + ": no such file or directory (expected: a plugin jar or a "
                        + "directory of them)");
    }

    @Test
    void theEnvironmentVariableSplitsLikeAClassPath() {
        assertThat(PluginJars.fromEnvironment(null)).isEmpty();
        assertThat(PluginJars.fromEnvironment("  ")).isEmpty();
        assertThat(PluginJars.fromEnvironment("x.jar" + File.pathSeparator + File.pathSeparator + "plugins"))
                .containsExactly(Path.of("x.jar"), Path.of("plugins"));
    }

    @Test
    void noPathsLeaveTheBuiltInsAsTheyAre() {
        Plugins builtIns = new Plugins(Registry.of("allocator", List.of()), Registry.of("policy", List.of()),
                Registry.of("workload", List.of()));
        assertThat(builtIns.withJars(List.of())).isEqualTo(builtIns);
    }
}
