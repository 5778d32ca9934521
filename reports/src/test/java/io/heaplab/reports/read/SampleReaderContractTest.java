package io.heaplab.reports.read;

import java.nio.file.Path;
import java.util.List;

/** The test-only reader of the made-up experiment "sample" under the reader contract. */
class SampleReaderContractTest extends ExperimentReaderContract {

    @Override
    protected ExperimentReader reader() {
        return new SampleReader();
    }

    @Override
    protected List<Path> samples() {
        return List.of(ResultFilesTest.input("sample.json"));
    }
}
