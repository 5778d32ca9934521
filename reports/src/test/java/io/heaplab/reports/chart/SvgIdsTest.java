package io.heaplab.reports.chart;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SvgIdsTest {

    /** An XML name start and name characters, kept to ASCII. */
    static final String XML_ID = "[A-Za-z_][A-Za-z0-9_.-]*";

    @Test
    void aPlainIdIsKeptAsItIs() {
        assertThat(SvgIds.prefix("fault-curves")).isEqualTo("chart-fault-curves-");
    }

    @Test
    void anythingElseBecomesAnXmlIdThatStillTellsNamesApart() {
        for (String name : new String[] {"", "3 strategies", "first-fit:order=lifo", "θ/faults", "<\"&'>"}) {
            assertThat(SvgIds.prefix(name) + "clip-0").matches(XML_ID);
        }
        assertThat(SvgIds.prefix("a b")).isNotEqualTo(SvgIds.prefix("a_b"));
        assertThat(SvgIds.prefix("a b")).isEqualTo(SvgIds.prefix("a b"));
    }
}
