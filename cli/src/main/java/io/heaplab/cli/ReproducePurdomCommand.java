package io.heaplab.cli;

import io.heaplab.cli.reproduce.PurdomClaims;
import io.heaplab.cli.reproduce.PurdomPaper;
import io.heaplab.cli.reproduce.PurdomReport;
import io.heaplab.cli.reproduce.PurdomStudy;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab reproduce purdom}: Purdom, Stigler &amp; Cheam's Tables 1-3, three methods on bounded memories. */
@Command(name = "purdom", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reproduce Tables 1-3 of Purdom, Stigler & Cheam (1970): segregated storage, first fit and"
                + " the buddy system on memories of 128, 256 and 512 cells, published and measured space utilization"
                + " and searches per request side by side."})
final class ReproducePurdomCommand implements Callable<Integer> {

    @ParentCommand
    private ReproduceCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Option(names = "--seeds", paramLabel = "K", defaultValue = "10",
            description = "Repeat every cell with K seeds and report mean ± sd (default: ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--tables", paramLabel = "N[,N...]", split = ",", defaultValue = "1,2,3",
            description = "Which tables to run (default: ${DEFAULT-VALUE}).")
    private List<Integer> tables;

    @Option(names = "--requests", paramLabel = "N", defaultValue = "1600",
            description = "Filled requests per run (default: ${DEFAULT-VALUE}, the paper's).")
    private int requests;

    @Option(names = "--first-fit", paramLabel = "SPEC", defaultValue = "first-fit",
            description = "The strategy that plays the paper's first fit, e.g. first-fit:order=lifo or next-fit"
                    + " (default: ${DEFAULT-VALUE}, a free list in address order).")
    private String firstFit;

    @Mixin
    private ReproduceOptions shared;

    @Override
    public Integer call() throws IOException {
        List<Long> seedList = shared.seeds("purdom", seeds);
        PurdomStudy study = new PurdomStudy(new PurdomStudy.Config(seedList, new TreeSet<>(tables), requests,
                shared.threads(), Spec.parse(firstFit).toString()), PurdomPaper.load());
        Runner runner = new Runner(parent.parent().plugins());
        PrintWriter out = spec.commandLine().getOut();
        PurdomStudy.Results results;
        try (Progress progress = shared.announce(runner, study.specs(), out)) {
            results = study.run(runner, progress::step);
        }
        List<PurdomClaims.Claim> claims = PurdomClaims.check(results);
        PurdomReport.print(results, claims, out);
        shared.finish("purdom", study.specs().size(), results.wallNanos(), PurdomReport.toJson(results, claims), out);
        return Main.OK;
    }
}
