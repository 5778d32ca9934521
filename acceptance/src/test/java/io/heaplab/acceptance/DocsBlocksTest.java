package io.heaplab.acceptance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.acceptance.DocsBlocks.Block;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the docs check reads commands out of a page: sh blocks only, continuations, comments, quotes, marks. */
class DocsBlocksTest {

    @TempDir
    Path dir;

    @Test
    void readsHeaplabCommandsFromShBlocksOnly() throws Exception {
        Path doc = dir.resolve("page.md");
        Files.writeString(doc, """
                # A page

                ```text
                heaplab run -w WORKLOAD
                ```

                ```sh
                mvn -B -ntp verify        # not heaplab's
                ./heaplab run -w 'random-blocks:live=20' -a stack \\
                    -p lru:frames=all     # a comment with a # inside
                heaplab list --json
                ```

                <!-- docs-check: exit 2 -->
                ```sh
                ./heaplab run -w nosuch -a stack   # heaplab: unknown workload 'nosuch' (expected one of: ...)
                ```
                """);
        List<Block> blocks = DocsBlocks.blocks(doc);
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(0).expectedExit()).isZero();
        assertThat(blocks.get(0).line()).isEqualTo(7);
        assertThat(blocks.get(0).commands()).extracting(DocsBlocks.Command::args).containsExactly(
                List.of("run", "-w", "random-blocks:live=20", "-a", "stack", "-p", "lru:frames=all"),
                List.of("list", "--json"));
        assertThat(blocks.get(0).commands().get(0).text())
                .isEqualTo("./heaplab run -w 'random-blocks:live=20' -a stack -p lru:frames=all");
        assertThat(blocks.get(1).expectedExit()).isEqualTo(2);
        assertThat(blocks.get(1).commands().get(0).comment())
                .isEqualTo("heaplab: unknown workload 'nosuch' (expected one of: ...)");
        assertThat(blocks.get(0).commands().get(1).comment()).isEmpty();
    }

    @Test
    void refusesShellSyntaxAndOptionalParts() {
        assertThatThrownBy(() -> DocsBlocks.split("trace replay x.hlt [--instructions]", "page.md:3"))
                .hasMessageContaining("'['").hasMessageContaining("page.md:3");
        assertThatThrownBy(() -> DocsBlocks.split("list | head", "page.md:4")).hasMessageContaining("'|'");
        assertThat(DocsBlocks.split("run -w \"a b\" -a 'x|y'", "page.md:5")).containsExactly("run", "-w", "a b", "-a", "x|y");
    }

    @Test
    void keepsAHashInsideAWordOrQuotes() {
        assertThat(DocsBlocks.stripComment("./heaplab list a#b '# not' # cut")).isEqualTo("./heaplab list a#b '# not'");
    }
}
