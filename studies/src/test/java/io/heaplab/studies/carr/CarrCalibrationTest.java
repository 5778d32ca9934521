package io.heaplab.studies.carr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.heaplab.studies.kit.ParameterException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The balanced regime's calibration: its loss, its verdict on Table 2's operating point, and its option. */
class CarrCalibrationTest {

    private static final CarrPaper PAPER = CarrPaper.load();

    private static CarrCalibration.Observed at(char c, double utilization, double mpl, long deactivations) {
        return new CarrCalibration.Observed(c, PAPER.peak(c, CarrPolicy.WS_LTRT).theta(), 400, utilization, mpl,
                deactivations, 150, 0.9, 0.8);
    }

    @Test
    void theLossCountsEachMissInUnitsOfItsToleranceAndAConfigurationWithoutDeactivations() {
        List<CarrCalibration.Observed> exact = List.of(at('A', 0.572, 4.86, 137), at('B', 0.621, 5.25, 77),
                at('C', 0.613, 5.53, 11));
        assertThat(CarrCalibration.loss(exact, PAPER)).isZero();
        // 0.03 of utilization on A costs one, as does 1 of MPL on B, as does C without deactivations
        List<CarrCalibration.Observed> off = List.of(at('A', 0.602, 4.86, 137), at('B', 0.621, 6.25, 77),
                at('C', 0.613, 5.53, 0));
        assertThat(CarrCalibration.loss(off, PAPER)).isCloseTo(3, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(new CarrCalibration(2, 1, 10_000, exact, 0, 0).reached(PAPER)).isTrue();
        assertThat(new CarrCalibration(2, 1, 10_000, off, 0, 3).reached(PAPER)).as("C has no deactivations").isFalse();
    }

    @Test
    void table2ImpliesTheShareOfItsPagingDeviceSpentReading() {
        // A: 7840 faults of 30,000 references each over 50 tasks of 5,000,000 references at utilization 0.572
        assertThat(CarrCalibration.paperReadBusy(PAPER, 'A')).isCloseTo(7840 * 30_000 * 0.572 / 250e6,
                org.assertj.core.data.Offset.offset(1e-12));
        assertThat(CarrCalibration.paperReadBusy(PAPER, 'C')).isBetween(0.6, 0.65);
    }

    @Test
    void theScalesTypedBackAreTheOnesPrintedAndNonsenseIsAUsageError() {
        assertThat(CarrCalibration.parse("2.35,0.733,10600")).containsExactly(2.35, 0.733, 10_600);
        assertThat(new CarrCalibration(2.35, 0.733, 10_600, List.of(), 0, 0).factors()).isEqualTo("2.35,0.733,10600");
        for (String bad : List.of("2,1", "2,1,x", "0,1,10000", "2,1,1e12", "2,-1,10000", "2,1,10000,4")) {
            assertThatThrownBy(() -> CarrCalibration.parse(bad)).isInstanceOf(ParameterException.class)
                    .hasMessageStartingWith("calibration '" + bad + "' (expected: auto, or FRAMES,DEVICE,IO: a frames"
                            + " scale 0.25 to 16, a device scale 0.05 to 8 and references between I/O requests 1000"
                            + " to 100000000)");
        }
    }
}
