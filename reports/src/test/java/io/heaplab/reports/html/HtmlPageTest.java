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
}
