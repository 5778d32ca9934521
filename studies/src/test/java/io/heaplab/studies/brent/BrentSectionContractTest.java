package io.heaplab.studies.brent;

import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.ExperimentReaderContract;
import io.heaplab.studies.Sections;
import java.nio.file.Path;
import java.util.List;

/** Brent's reader under the reader contract, on its golden file and its sample input. */
class BrentSectionContractTest extends ExperimentReaderContract {

    @Override
    protected ExperimentReader reader() {
        return new BrentSection();
    }

    @Override
    protected List<Path> samples() {
        return List.of(Sections.file("golden/brent.json"), Sections.file("inputs/brent.json"));
    }
}
