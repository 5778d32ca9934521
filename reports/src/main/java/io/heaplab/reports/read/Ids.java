package io.heaplab.reports.read;

import java.util.Locale;

/** File-name-safe ids for figures made from specs and titles. */
public final class Ids {

    private Ids() {
    }

    /** {@code text} in lower case with every run of other characters than letters and digits made one '-'. */
    public static String slug(String text) {
        String slug = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-");
        return slug.replaceAll("^-|-$", "");
    }
}
