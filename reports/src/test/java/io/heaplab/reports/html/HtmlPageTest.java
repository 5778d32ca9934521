package io.heaplab.reports.html;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HtmlPageTest {

    @Test
    void escapesEveryTextItShows() {
        Section section = new Section("<b>title</b>", "a & b", Map.of("k\"", "<v>"), Map.of(), List.of("it's <ok>"),
                List.of(new Table("t<", List.of("c>"), List.of(List.of("&x")))), List.of());
        String html = HtmlPage.render(new Report("r<", List.of("in<.json"), List.of(section)),
                (s, f) -> new HtmlPage.Chart(new byte[0], "none"));
        assertThat(html).contains("&lt;b&gt;title&lt;/b&gt;", "a &amp; b", "k&quot;", "&lt;v&gt;", "it&#39;s &lt;ok&gt;",
                "t&lt;", "c&gt;", "&amp;x", "in&lt;.json").doesNotContain("<b>", "<v>", "<ok>");
    }

    private static Section section(String title, String jdk, String command) {
        return new Section(title, "heaplab test", Map.of(), Map.of("heaplab", "0.1", "jdk", jdk, "command", command),
                List.of(), List.of(new Table("Runs", List.of("a"), List.of(List.of("1")))), List.of());
    }

    @Test
    void aTableOfContentsLinksEverySectionAndTableToItsId() {
        String html = HtmlPage.render(new Report("r", List.of("a.json", "b.json"),
                List.of(section("First", "25", "heaplab run -w x"), section("Second", "25", "heaplab curve t"))),
                (s, f) -> new HtmlPage.Chart(new byte[0], "none"));
        assertThat(html).contains("<nav id=\"contents\">", "<a href=\"#section-1\">First</a>",
                "<a href=\"#section-2-table-1\">Runs</a>", "<section id=\"section-2\">",
                "<h3 id=\"section-2-table-1\">Runs</h3>");
        // one machine: said once, above the sections; each section says what made it
        assertThat(html.split("Machine and JDK", -1)).hasSize(2);
        assertThat(html.indexOf("Machine and JDK")).isLessThan(html.indexOf("<section"));
        assertThat(html).contains("Made by heaplab 0.1: <code>heaplab run -w x</code>",
                "Made by heaplab 0.1: <code>heaplab curve t</code>");
    }

    @Test
    void resultsFromTwoMachinesShowEachItsOwn() {
        String html = HtmlPage.render(new Report("r", List.of("a.json", "b.json"),
                List.of(section("First", "25", "heaplab run"), section("Second", "21", "heaplab run"))),
                (s, f) -> new HtmlPage.Chart(new byte[0], "none"));
        assertThat(html.split("Machine and JDK", -1)).hasSize(3);
        assertThat(html.indexOf("Machine and JDK")).isGreaterThan(html.indexOf("<section"));
    }

    @Test
    void publishedAndMeasuredColumnsShareOneHeader() {
        Section section = new Section("s", "", Map.of(), Map.of(), List.of(), List.of(new Table("t",
                List.of("strategy", "faults at 60, paper", "measured", "virtual size"),
                List.of(List.of("stack", "1", "2", "3")))), List.of());
        String html = HtmlPage.render(new Report("r", List.of(), List.of(section)),
                (s, f) -> new HtmlPage.Chart(new byte[0], "none"));
        assertThat(html).contains("<tr><th rowspan=\"2\">strategy</th><th colspan=\"2\">faults at 60</th>"
                + "<th rowspan=\"2\">virtual size</th></tr>\n<tr><th>paper</th><th>measured</th></tr>");
    }
}
