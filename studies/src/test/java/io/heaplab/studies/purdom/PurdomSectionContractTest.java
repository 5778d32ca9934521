package io.heaplab.studies.purdom;

import io.heaplab.reports.read.ExperimentReader;
import io.heaplab.reports.read.ExperimentReaderContract;
import io.heaplab.studies.Sections;
import java.nio.file.Path;
import java.util.List;

/** Purdom's reader under the reader contract, on its golden file and its sample input. */
class PurdomSectionContractTest extends ExperimentReaderContract {

    @Override
    protected ExperimentReader reader() {
        return new PurdomSection();
    }

    @Override
    protected List<Path> samples() {
        return List.of(Sections.file("golden/purdom.json"), Sections.file("inputs/purdom.json"));
    }
}
