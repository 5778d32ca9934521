package io.heaplab.reports.html;

import io.heaplab.reports.model.Figure;
import io.heaplab.reports.model.Report;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.model.Table;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A report as one self-contained HTML page: every chart embedded as a PNG data URI, every table, each section's
 * parameters, seeds, machine and JDK, and the notes (a reproduction's claims among them), with no file or network
 * access needed to view it.
 */
public final class HtmlPage {

    /** A rendered chart: the PNG embedded in the page and the name of its files beside the page. */
    public record Chart(byte[] png, String fileName) {
    }

    /** Gives each figure of each section its rendered chart. */
    @FunctionalInterface
    public interface ChartSource {
        Chart of(int section, Figure figure);
    }

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:1280px;\
            padding:0 1rem;color:#222;line-height:1.4}
            h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:1px solid #ccc;padding-bottom:.2rem;margin-top:2.5rem}
            h3{font-size:1.05rem;margin-top:1.5rem}.source{color:#555;font-style:italic}
            table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.85rem}
            th,td{border:1px solid #ddd;padding:.2rem .5rem;text-align:right}th{background:#f4f4f4}
            td:first-child,th:first-child{text-align:left}.kv td{text-align:left}
            .figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(560px,100%),1fr));gap:1rem}
            nav ol{margin:.3rem 0;padding-left:1.5rem}nav li{margin:.1rem 0}nav ol ol{font-size:.9rem}
            .made code{font-size:.85rem;overflow-wrap:anywhere}
            figure{margin:0}figure img{width:100%;height:auto;border:1px solid #eee}
            figcaption{font-size:.8rem;color:#555}.disagrees{color:#a40000}
            .scroll{overflow-x:auto}
            """;

    private HtmlPage() {
    }

    /** The page for {@code report}, its charts from {@code charts}. */
    public static String render(Report report, ChartSource charts) {
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(report.title())).append("</title>\n<style>\n").append(STYLE).append("</style>\n</head>\n")
                .append("<body>\n<h1>").append(escape(report.title())).append("</h1>\n");
        html.append("<p class=\"source\">Built from ").append(escape(String.join(", ", report.inputs())))
                .append(" (report schema ").append(report.schema()).append(").</p>\n");
        List<Section> sections = report.sections();
        contents(html, sections);
        // the machine and JDK are said once when every result was measured on the same one
        Map<String, String> machine = sections.isEmpty() ? Map.of() : machine(sections.getFirst());
        boolean shared = sections.stream().allMatch(s -> machine(s).equals(machine));
        if (shared) {
            keyValues(html, "Machine and JDK", machine);
        }
        for (int s = 0; s < sections.size(); s++) {
            section(html, s, sections.get(s), charts, !shared);
        }
        return html.append("</body>\n</html>\n").toString();
    }

    /** The fields of a section's environment that name what made the result rather than the machine. */
    private static final List<String> MADE_BY = List.of("heaplab", "command");

    private static Map<String, String> machine(Section section) {
        Map<String, String> machine = new LinkedHashMap<>(section.environment());
        MADE_BY.forEach(machine::remove);
        return machine;
    }

    /** A table of contents: every section, and under it its charts and tables. */
    private static void contents(StringBuilder html, List<Section> sections) {
        html.append("<nav id=\"contents\">\n<h2>Contents</h2>\n<ol>\n");
        for (int s = 0; s < sections.size(); s++) {
            Section section = sections.get(s);
            html.append("<li><a href=\"#").append(id(s)).append("\">").append(escape(section.title())).append("</a>");
            List<String> items = new ArrayList<>();
            if (!section.figures().isEmpty()) {
                items.add("<li><a href=\"#" + id(s) + "-charts\">Charts</a></li>");
            }
            for (int t = 0; t < section.tables().size(); t++) {
                items.add("<li><a href=\"#" + id(s) + "-table-" + (t + 1) + "\">"
                        + escape(section.tables().get(t).title()) + "</a></li>");
            }
            if (!items.isEmpty()) {
                html.append("\n<ol>\n").append(String.join("\n", items)).append("\n</ol>\n");
            }
            html.append("</li>\n");
        }
        html.append("</ol>\n</nav>\n");
    }

    private static String id(int section) {
        return "section-" + (section + 1);
    }

    private static void section(StringBuilder html, int index, Section section, ChartSource charts,
                                boolean ownMachine) {
        html.append("<section id=\"").append(id(index)).append("\">\n<h2>").append(escape(section.title()))
                .append("</h2>\n");
        if (!section.source().isEmpty()) {
            html.append("<p class=\"source\">").append(escape(section.source())).append("</p>\n");
        }
        String version = section.environment().get("heaplab");
        String command = section.environment().get("command");
        if (version != null || command != null) {
            html.append("<p class=\"made\">Made by heaplab ").append(escape(version == null ? "" : version))
                    .append(command == null ? "" : ": <code>" + escape(command) + "</code>").append("</p>\n");
        }
        keyValues(html, "Parameters and seeds", section.parameters());
        if (ownMachine) {
            keyValues(html, "Machine and JDK", machine(section));
        }
        if (!section.notes().isEmpty()) {
            html.append("<h3>Notes</h3>\n<ul>\n");
            for (String note : section.notes()) {
                boolean disagrees = note.startsWith("DISAGREES");
                html.append(disagrees ? "<li class=\"disagrees\">" : "<li>").append(escape(note)).append("</li>\n");
            }
            html.append("</ul>\n");
        }
        if (!section.figures().isEmpty()) {
            html.append("<h3 id=\"").append(id(index)).append("-charts\">Charts</h3>\n<div class=\"figures\">\n");
            for (Figure figure : section.figures()) {
                Chart chart = charts.of(index, figure);
                html.append("<figure><img alt=\"").append(escape(figure.title())).append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(chart.png())).append("\">\n<figcaption>")
                        .append(escape(figure.title())).append(" (also <a href=\"charts/").append(escape(chart.fileName()))
                        .append(".svg\">SVG</a>)</figcaption></figure>\n");
            }
            html.append("</div>\n");
        }
        for (int t = 0; t < section.tables().size(); t++) {
            table(html, id(index) + "-table-" + (t + 1), section.tables().get(t));
        }
        html.append("</section>\n");
    }

    private static void keyValues(StringBuilder html, String title, Map<String, String> values) {
        if (values.isEmpty()) {
            return;
        }
        html.append("<h3>").append(title).append("</h3>\n<table class=\"kv\">\n");
        values.forEach((k, v) -> html.append("<tr><th>").append(escape(k)).append("</th><td>").append(escape(v))
                .append("</td></tr>\n"));
        html.append("</table>\n");
    }

    private static void table(StringBuilder html, String id, Table table) {
        html.append("<h3 id=\"").append(id).append("\">").append(escape(table.title())).append("</h3>\n<div class=\"scroll\"><table>\n<thead>");
        header(html, table.columns());
        html.append("</thead>\n<tbody>\n");
        for (List<String> row : table.rows()) {
            html.append("<tr>");
            row.forEach(cell -> html.append("<td>").append(escape(cell)).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</tbody>\n</table></div>\n");
    }

    /** What a published column's name ends with; the measured column after it is named {@link #MEASURED}. */
    private static final String PAPER = ", paper";
    private static final String MEASURED = "measured";

    /**
     * The header row, or two when the table sets published beside measured figures: a column {@code "X, paper"}
     * followed by {@code "measured"} becomes "X" over "paper" and "measured".
     */
    private static void header(StringBuilder html, List<String> columns) {
        boolean grouped = false;
        for (int c = 0; c + 1 < columns.size(); c++) {
            grouped |= columns.get(c).endsWith(PAPER) && columns.get(c + 1).equals(MEASURED);
        }
        if (!grouped) {
            html.append("<tr>");
            columns.forEach(c -> html.append("<th>").append(escape(c)).append("</th>"));
            html.append("</tr>");
            return;
        }
        StringBuilder second = new StringBuilder("<tr>");
        html.append("<tr>");
        for (int c = 0; c < columns.size(); c++) {
            String column = columns.get(c);
            if (column.endsWith(PAPER) && c + 1 < columns.size() && columns.get(c + 1).equals(MEASURED)) {
                html.append("<th colspan=\"2\">")
                        .append(escape(column.substring(0, column.length() - PAPER.length()))).append("</th>");
                second.append("<th>paper</th><th>measured</th>");
                c++;
            } else {
                html.append("<th rowspan=\"2\">").append(escape(column)).append("</th>");
            }
        }
        html.append("</tr>\n").append(second).append("</tr>");
    }

    /** Text made safe for HTML element content and attribute values. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
