package io.heaplab.cli;

import io.heaplab.cli.reproduce.BrentClaims;
import io.heaplab.cli.reproduce.BrentPaper;
import io.heaplab.cli.reproduce.BrentReport;
import io.heaplab.cli.reproduce.BrentStudy;
import io.heaplab.core.run.Runner;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code heaplab reproduce brent}: Brent's Tables 3.1-3.3, TRIDIAG and PQSIM under strict LRU. */
@Command(name = "brent", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Reproduce Tables 3.1-3.3 of Brent's MRU paper: TRIDIAG and PQSIM under each fixed-size"
                + " strategy, 512-byte pages, strict LRU, published and measured figures side by side."})
final class ReproduceBrentCommand implements Callable<Integer> {

    @ParentCommand
    private ReproduceCommand parent;

    @picocli.CommandLine.Spec
    private CommandSpec spec;

    @Option(names = "--seeds", paramLabel = "K", defaultValue = "1",
            description = "Repeat every run with K seeds and report mean ± sd (default: ${DEFAULT-VALUE}).")
    private int seeds;

    @Option(names = "--strategies", paramLabel = "SPEC[,SPEC...]",
            defaultValue = "stack,random,nofree,mru,least-free,most-free",
            description = "Fixed-size strategies to compare; must include random (default: ${DEFAULT-VALUE}).")
    private String strategies;

    @Option(names = "--tridiag-n", paramLabel = "N", defaultValue = "128",
            description = "Order of TRIDIAG's matrix; smaller is quicker, memory sizes scale with the virtual size "
                    + "(default: ${DEFAULT-VALUE}, the paper's).")
    private int tridiagN;

    @Option(names = "--pqsim-seconds", paramLabel = "S", defaultValue = "2000",
            description = "Simulated seconds of PQSIM; faults count over the second half "
                    + "(default: ${DEFAULT-VALUE}, the paper's).")
    private int pqsimSeconds;

    @Mixin
    private ReproduceOptions shared;

    @Override
    public Integer call() throws IOException {
        List<Long> seedList = shared.seeds("brent", seeds);
        List<String> strategyList = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Spec strategy : Spec.parseList(strategies)) {
            if (!seen.add(strategy.toString())) {
                throw new SpecException("--strategies: '" + strategy + "' given twice (expected: each once)");
            }
            strategyList.add(strategy.toString());
        }
        BrentStudy study = new BrentStudy(new BrentStudy.Config(seedList, tridiagN, pqsimSeconds, strategyList,
                shared.threads()), BrentPaper.load());
        Runner runner = new Runner(parent.parent().plugins());
        PrintWriter out = spec.commandLine().getOut();
        BrentStudy.Results results;
        try (Progress progress = shared.announce(runner, study.specs(), out)) {
            results = study.run(runner, progress::step);
        }
        List<BrentClaims.Claim> claims = BrentClaims.check(results);
        BrentReport.print(results, claims, out);
        shared.finish("brent", study.specs().size(), results.wallNanos(), BrentReport.toJson(results, claims), out);
        // everything measured is written above; a strategy that failed makes the study's exit a failure
        PrintWriter err = spec.commandLine().getErr();
        results.failed().forEach((strategy, failure) -> err.println("heaplab: " + failure));
        err.flush();
        return results.failed().isEmpty() ? Main.OK : Main.FAILURE;
    }
}
