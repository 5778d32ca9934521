package io.heaplab.cli;

import io.heaplab.core.spi.SpecException;
import io.heaplab.reports.Reports;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code heaplab report}: one self-contained HTML page, with charts, tables and parameters, from result files. */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Build a self-contained HTML report (charts embedded, tables, parameters, seeds, machine and"
                + " JDK) from result files: the JSON of reproduce, run --json, trace replay --json, curve, a"
                + " report's report.json, or JMH's JSON result. Charts are also written as PNG and SVG, and the"
                + " charts' data as report.json and report.csv."},
        footerHeading = "%nExamples:%n",
        footer = {"  heaplab report run.json curves/curves.json --out report",
            "  heaplab report seed1.json seed2.json seed3.json --out merged"})
final class ReportCommand implements Callable<Integer> {

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RESULTS.json", arity = "1..*", description = "Result files, shown in this order.")
    private List<Path> inputs;

    @Option(names = {"-o", "--out"}, paramLabel = "DIR", required = true,
            description = "The directory to write index.html, charts/, report.json and report.csv into.")
    private Path out;

    @Override
    public Integer call() throws IOException {
        Outputs.checkDirectory("--out", out);
        for (Path input : inputs) {
            if (input.toAbsolutePath().normalize().startsWith(out.toAbsolutePath().normalize().resolve("charts"))) {
                throw new SpecException(input + " lies in the report's charts directory (expected: a result file"
                        + " outside " + out.resolve("charts") + ")");
            }
        }
        Path[] results = inputs.toArray(Path[]::new);
        for (String written : List.of(Reports.PAGE, "report.json", "report.csv")) {
            Outputs.checkFile("--out", out.resolve(written), results);
        }
        Path page = Reports.write(inputs, out);
        PrintWriter printer = spec.commandLine().getOut();
        printer.println("wrote " + page);
        printer.flush();
        return Main.OK;
    }
}
