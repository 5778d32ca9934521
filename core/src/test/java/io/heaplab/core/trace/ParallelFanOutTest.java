package io.heaplab.core.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class ParallelFanOutTest {

    /** Everything a sink was told, in order, and by how many threads at once (never more than one). */
    static final class Log implements ReferenceSink {
        final List<String> events = new ArrayList<>();
        private int inside;
        int mostInside;

        @Override
        public void accept(long[] runs, int length) {
            mostInside = Math.max(mostInside, ++inside);
            StringBuilder batch = new StringBuilder("batch");
            for (int i = 0; i < length; i++) {
                batch.append(' ').append(runs[i]);
            }
            events.add(batch.toString());
            inside--;
        }

        @Override
        public void accept(long[] runs, int[] phases, int length) {
            mostInside = Math.max(mostInside, ++inside);
            StringBuilder batch = new StringBuilder("tagged");
            for (int i = 0; i < length; i++) {
                batch.append(' ').append(runs[i]).append('@').append(phases[i]);
            }
            events.add(batch.toString());
            inside--;
        }

        @Override
        public void startMeasuring() {
            events.add("measure");
        }

        @Override
        public void finish() {
            events.add("finish");
        }
    }

    @Property(tries = 50)
    void everySinkSeesWhatFanOutWouldShowItInOrder(@ForAll @Size(max = 40) List<@Size(max = 20) List<Long>> batches,
            @ForAll @IntRange(min = 1, max = 7) int sinks, @ForAll @IntRange(min = 1, max = 4) int threads) {
        List<Log> serial = new ArrayList<>();
        List<Log> parallel = new ArrayList<>();
        for (int s = 0; s < sinks; s++) {
            serial.add(new Log());
            parallel.add(new Log());
        }
        FanOut one = new FanOut(serial);
        try (ParallelFanOut many = new ParallelFanOut(parallel, threads)) {
            long[] buffer = new long[20];
            int[] phases = new int[20];
            for (int b = 0; b < batches.size(); b++) {
                List<Long> batch = batches.get(b);
                for (int i = 0; i < batch.size(); i++) {
                    buffer[i] = batch.get(i);
                    phases[i] = b + i;
                }
                // every other batch comes tagged with phases, in arrays the caller reuses at once
                if (b % 2 == 0) {
                    one.accept(buffer, batch.size());
                    many.accept(buffer, batch.size());
                } else {
                    one.accept(buffer, phases, batch.size());
                    many.accept(buffer, phases, batch.size());
                }
                if (b == batches.size() / 2) {
                    one.startMeasuring();
                    many.startMeasuring();
                }
            }
            one.finish();
            many.finish();
        }
        for (int s = 0; s < sinks; s++) {
            assertThat(parallel.get(s).events).isEqualTo(serial.get(s).events);
            assertThat(parallel.get(s).mostInside).isLessThanOrEqualTo(1);
        }
    }

    @Property(tries = 20)
    void aSinksFailureReachesTheCallerWhicheverThreadRanIt(@ForAll @IntRange(min = 0, max = 3) int failing) {
        List<ReferenceSink> sinks = new ArrayList<>();
        for (int s = 0; s < 4; s++) {
            int index = s;
            sinks.add((runs, length) -> {
                if (index == failing) {
                    throw new IllegalStateException("sink " + index + " failed");
                }
            });
        }
        try (ParallelFanOut all = new ParallelFanOut(sinks, 2)) {
            // the batch is simulated while the caller goes on: the failure comes with the next call
            all.accept(new long[1], 1);
            assertThatThrownBy(all::finish).isInstanceOf(IllegalStateException.class)
                    .hasMessage("sink " + failing + " failed");
        }
    }
}
