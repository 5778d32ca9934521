package io.heaplab.studies.fits;

import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.ExperimentReaderContract;
import io.heaplab.studies.Sections;
import java.nio.file.Path;
import java.util.List;

/** Fits's reader under the reader contract, on its golden file. */
class FitsSectionContractTest extends ExperimentReaderContract {

    @Override
    protected ExperimentReader reader() {
        return new FitsSection();
    }

    @Override
    protected List<Path> samples() {
        return List.of(Sections.file("golden/fits.json"));
    }
}
