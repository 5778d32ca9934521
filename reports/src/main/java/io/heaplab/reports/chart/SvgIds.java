package io.heaplab.reports.chart;

/** Prefixes for the ids inside a chart's SVG, fixed per figure so output is stable and charts can share a page. */
final class SvgIds {

    private SvgIds() {
    }

    /**
     * An XML-id prefix derived from {@code name}: letters, digits, '-' and '_' kept, anything else turned into '_'.
     * When something had to be replaced, the name's hash is appended, so that "a b" and "a_b" still differ.
     */
    static String prefix(String name) {
        StringBuilder id = new StringBuilder("chart-");
        boolean replaced = false;
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            // ASCII only: an id is also used as a CSS selector and URL fragment, where other characters need escaping
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_') {
                id.append(c);
            } else {
                id.append('_');
                replaced = true;
            }
        }
        if (replaced) {
            // String.hashCode is specified, so this is the same on every JVM and every run
            id.append('-').append(Integer.toHexString(name.hashCode()));
        }
        return id.append('-').toString();
    }
}
