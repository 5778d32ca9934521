package io.heaplab.studies.carr;

import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.ExperimentReaderContract;
import io.heaplab.studies.Sections;
import java.nio.file.Path;
import java.util.List;

/** Carr's reader under the reader contract, on its golden file. */
class CarrSectionContractTest extends ExperimentReaderContract {

    @Override
    protected ExperimentReader reader() {
        return new CarrSection();
    }

    @Override
    protected List<Path> samples() {
        return List.of(Sections.file("golden/carr.json"));
    }
}
