package io.heaplab.studies.carr;

import java.util.Locale;

/**
 * Which of Carr &amp; Hennessy's two kinds of faithfulness a run keeps: Table 1's constants as printed, or the
 * operating point the paper chose them for ("a balanced system that is neither processor-bound nor paging-bound").
 */
public enum CarrRegime {
    /**
     * The paper's method: the programs' steady state as tasks, and the three scales the paper leaves open (today's
     * frames per frame of 1981, the paging device against today's pages, how often a 1981 program asked for I/O)
     * calibrated once, for all three configurations, to Table 2's operating point of WS with LT/RT.
     */
    BALANCED("balanced", "the paper's operating point: steady-state tasks, and the scales it leaves open calibrated"
            + " to Table 2's utilization and MPL of WS with LT/RT"),
    /** Table 1's memories and device times as printed, the programs' first references as tasks, their own I/O. */
    TABLE1("table1", "Table 1's constants as printed: the programs' first 5,000,000 references, their own I/O,"
            + " frames by the working-set scale");

    /** The name the option and the files use. */
    public final String key;
    /** What the regime keeps of the paper, in a phrase. */
    public final String description;

    CarrRegime(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** The regime named {@code key}, or null. */
    static CarrRegime of(String key) {
        for (CarrRegime regime : values()) {
            if (regime.key.equals(key.strip().toLowerCase(Locale.ROOT))) {
                return regime;
            }
        }
        return null;
    }
}
