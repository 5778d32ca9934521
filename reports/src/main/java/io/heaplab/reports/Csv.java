package io.heaplab.reports;

/** RFC 4180 fields for heaplab's CSV files. */
public final class Csv {

    private Csv() {
    }

    /**
     * {@code field} as a CSV field: as it is when it holds no comma, quote or line break (a spec like
     * {@code lru:frames=all}), quoted with inner quotes doubled otherwise ({@code wsclock:frames=3,theta=9}).
     */
    public static String field(String field) {
        boolean plain = field.chars().noneMatch(c -> c == ',' || c == '"' || c == '\n' || c == '\r');
        return plain ? field : '"' + field.replace("\"", "\"\"") + '"';
    }
}
