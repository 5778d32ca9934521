package io.heaplab.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collection;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** The gate on garbage: an operation that allocates an object is named, one that allocates none passes. */
public class AllocationGateTest {

    /** Two operations, one making a 24-byte array each time, one only arithmetic. */
    @State(Scope.Thread)
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public static class Operations {
        private long counter;

        @Benchmark
        public Object allocating() {
            return new long[(int) (++counter & 1)];
        }

        @Benchmark
        public long clean() {
            return counter += 7;
        }
    }

    private static Collection<RunResult> run(String operation) throws RunnerException {
        return new Runner(new OptionsBuilder().include("AllocationGateTest.Operations\\." + operation + "$").forks(1)
                .warmupIterations(1).warmupTime(TimeValue.milliseconds(200)).measurementIterations(1)
                .measurementTime(TimeValue.milliseconds(200)).addProfiler(GCProfiler.class)
                .jvmArgsAppend("--sun-misc-unsafe-memory-access=allow").build()).run();
    }

    @Test
    void anOperationThatAllocatesIsNamedAndOneThatDoesNotPasses() throws RunnerException {
        assertThat(AllocationGate.violations(run("allocating"))).singleElement().asString()
                .startsWith("Operations.allocating: ")
                .endsWith(" bytes of Java objects per operation (expected: at most 8 and the background's share; the hot"
                        + " path allocates nothing)");
        assertThat(AllocationGate.violations(run("clean"))).isEmpty();
    }
}
