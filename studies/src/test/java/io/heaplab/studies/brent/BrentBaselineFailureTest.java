package io.heaplab.studies.brent;

import static org.assertj.core.api.Assertions.assertThat;

import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Registry;
import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.Options;
import io.heaplab.reports.model.Section;
import io.heaplab.reports.read.ResultFiles;
import io.heaplab.studies.Outcome;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Claim;
import io.heaplab.studies.kit.Seeds;
import io.heaplab.studies.kit.Settings;
import io.heaplab.studies.kit.TabulatedOutcome;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When RANDOM, the baseline every fault is normalized to, fails, the other strategies are still measured. */
class BrentBaselineFailureTest {

    /** A RANDOM that breaks as it is made. */
    private static final class BrokenRandom implements AllocatorProvider {
        private final AllocatorProvider real;

        BrokenRandom(AllocatorProvider real) {
            this.real = real;
        }

        @Override
        public String name() {
            return real.name();
        }

        @Override
        public String description() {
            return real.description();
        }

        @Override
        public List<Option> options() {
            return real.options();
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            throw new IllegalStateException("random is broken");
        }
    }

    private static Plugins withBrokenRandom() {
        Plugins plugins = Plugins.load();
        List<AllocatorProvider> allocators = new ArrayList<>();
        for (AllocatorProvider provider : plugins.allocators().all()) {
            allocators.add(provider.name().equals("random") ? new BrokenRandom(provider) : provider);
        }
        return new Plugins(Registry.of("allocator", allocators), plugins.policies(), plugins.workloads());
    }

    @Test
    void theOthersKeepTheirFaultsWithoutNormalizedColumnsAndTheClaimsThatNeedRandomAreLeftOut(@TempDir Path dir)
            throws IOException {
        BrentStudy study = new BrentStudy();
        Outcome outcome = study.prepare(new Settings(new Seeds(1, 1), 2), Arguments.of(study.parameters(),
                Map.of("tridiag-n", "12", "pqsim-seconds", "20", "strategies", "stack,random,mru")))
                .run(withBrokenRandom(), () -> { });

        assertThat(outcome.failed()).containsOnlyKeys("random");
        assertThat(outcome.failed().get("random")).contains("random is broken");
        BrentExperiment.Results brent = (BrentExperiment.Results) ((TabulatedOutcome<?>) outcome).results();
        for (BrentExperiment.TableResult table : brent.tables()) {
            assertThat(table.rows()).extracting(BrentExperiment.Row::strategy).containsExactly("stack", "mru");
            assertThat(table.rows()).allSatisfy(row -> {
                assertThat(row.faults()).isNotEmpty();
                assertThat(row.normalized()).isEmpty();
            });
        }
        assertThat(outcome.claims()).extracting(Claim::claim).noneMatch(c -> c.contains("normalized faults"));
        StringWriter text = new StringWriter();
        outcome.print(new PrintWriter(text));
        assertThat(text.toString()).contains("FAILED random: ");
        Section section = ResultFiles.read(Files.write(dir.resolve("brent.json"), outcome.json())).getFirst();
        assertThat(section.tables().getFirst().rows()).extracting(List::getFirst).containsExactly("STACK", "MRU");
    }
}
