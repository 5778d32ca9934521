package io.heaplab.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class GoldenFileTest {

    @TempDir
    Path dir;

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theSameBytesPass() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "one\ntwo\n");
        assertThatCode(() -> GoldenFile.assertMatches(dir, false, "a.txt", bytes("one\ntwo\n")))
                .doesNotThrowAnyException();
    }

    @Test
    void aDifferenceFailsShowingTheLinesWhereTheTextsPartAndHowToRewrite() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "1\n2\n3\n4\n5\n6\n");
        assertThatThrownBy(() -> GoldenFile.assertMatches(dir, false, "a.txt", bytes("1\n2\n3\n4\nfive\n6\n")))
                .isInstanceOfSatisfying(AssertionFailedError.class, e -> {
                    assertThat(e.getExpected().getStringRepresentation()).isEqualTo("1\n2\n3\n4\n5\n6\n");
                    assertThat(e.getActual().getStringRepresentation()).isEqualTo("1\n2\n3\n4\nfive\n6\n");
                })
                .hasMessage("the output differs from the golden file " + dir.resolve("a.txt") + " (first difference"
                        + " at line 5; expected 6 lines, 12 characters; actual 6 lines, 15 characters)\n"
                        + "     2 2\n"
                        + "     3 3\n"
                        + "     4 4\n"
                        + "-    5 5\n"
                        + "+    5 five\n"
                        + "     6 6\n"
                        + "If the change is deliberate, rewrite it with -Dheaplab.golden.update=true.");
    }

    @Test
    void linesThatCameAreShownBetweenTheSharedStartAndEndAndAManyCut() throws IOException {
        StringBuilder golden = new StringBuilder();
        for (int n = 1; n <= 10; n++) {
            golden.append("line ").append(n).append('\n');
        }
        Files.writeString(dir.resolve("a.txt"), golden);
        String actual = golden.toString().replace("line 3\n", "line 3\n" + "new\n".repeat(10));
        assertThatThrownBy(() -> GoldenFile.assertMatches(dir, false, "a.txt", bytes(actual)))
                .hasMessageContaining("(first difference at line 4; expected 10 lines, 71 characters; actual 20"
                        + " lines, 111 characters)\n"
                        + "     1 line 1\n"
                        + "     2 line 2\n"
                        + "     3 line 3\n"
                        + "+    4 new\n+    5 new\n+    6 new\n+    7 new\n+    8 new\n+    9 new\n+   10 new\n"
                        + "+   11 new\n"
                        + "+      ... 2 more\n"
                        + "     4 line 4\n"
                        + "     5 line 5\n"
                        + "     6 line 6\n"
                        + "If the change");
    }

    @Test
    void whatCannotBeSeenIsShown() throws IOException {
        Files.writeString(dir.resolve("a.csv"), "a,b\n");
        assertThatThrownBy(() -> GoldenFile.assertMatches(dir, false, "a.csv", bytes("a,b\r\n")))
                .hasMessageContaining("-    1 a,b\n+    1 a,b\\r\n");
        assertThatThrownBy(() -> GoldenFile.assertMatches(dir, false, "a.csv", bytes("a,b")))
                .hasMessageContaining("-    1 a,b\n+    1 a,b\n\\ no line break at the end\n");
        assertThatThrownBy(() -> GoldenFile.assertMatches(dir, false, "a.csv", bytes("a,\tb\u0000\n")))
                .hasMessageContaining("+    1 a,\\tb\\u0000\n");
    }

    @Test
    void aMissingGoldenFileFailsSayingHowToWriteIt() {
        assertThatThrownBy(() -> GoldenFile.assertMatches(dir, false, "none.json", bytes("{}")))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageContaining("no golden file " + dir.resolve("none.json").toAbsolutePath())
                .hasMessageContaining("-Dheaplab.golden.update=true");
    }

    @Test
    void updatingRewritesTheFileByteForByteAndPasses() throws IOException {
        Files.writeString(dir.resolve("a.txt"), "old\n");
        byte[] actual = bytes("new\r\nlines é");
        GoldenFile.assertMatches(dir, true, "a.txt", actual);
        GoldenFile.assertMatches(dir, true, "sub/b.txt", actual);
        assertThat(dir.resolve("a.txt")).hasBinaryContent(actual);
        assertThat(dir.resolve("sub/b.txt")).hasBinaryContent(actual);
        assertThatCode(() -> GoldenFile.assertMatches(dir, false, "a.txt", actual)).doesNotThrowAnyException();
    }
}
