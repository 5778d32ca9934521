package io.heaplab.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

/** Each runs its commands on threads of its own, so the test thread stays a library user's, with no command. */
class ProvenanceTest {

    @Test
    void keepsTheArgumentsThatFixTheNumbersAndDropsWhereOutputGoes() throws Exception {
        assertThat(onItsOwnThread(() -> {
            Provenance.record("run", "-w", "pqsim", "--json", "out.json", "--threads=3", "--no-report", "a b");
            return Provenance.command();
        })).isEqualTo("heaplab run -w pqsim 'a b'");
        assertThat(Provenance.command()).isNull();
    }

    @Test
    void commandsRunningSideBySideInOneJvmEachKeepTheirOwn() throws Exception {
        CountDownLatch bothRecorded = new CountDownLatch(2);
        FutureTask<String> one = new FutureTask<>(() -> command("one", bothRecorded));
        FutureTask<String> two = new FutureTask<>(() -> command("two", bothRecorded));
        new Thread(one).start();
        new Thread(two).start();
        assertThat(one.get()).isEqualTo("heaplab reproduce one");
        assertThat(two.get()).isEqualTo("heaplab reproduce two");
    }

    @Test
    void theThreadsACommandStartsSeeItsCommand() throws Exception {
        assertThat(onItsOwnThread(() -> {
            Provenance.record("reproduce", "brent");
            ExecutorService pool = Executors.newFixedThreadPool(2);
            try {
                return pool.submit(Provenance::command).get();
            } finally {
                pool.shutdown();
            }
        })).isEqualTo("heaplab reproduce brent");
    }

    private static String onItsOwnThread(Callable<String> command) throws Exception {
        FutureTask<String> task = new FutureTask<>(command);
        new Thread(task).start();
        return task.get();
    }

    /** Records {@code paper} as this thread's command, waits until the other thread has recorded its own, reads. */
    private static String command(String paper, CountDownLatch bothRecorded) throws InterruptedException {
        Provenance.record("reproduce", paper);
        bothRecorded.countDown();
        bothRecorded.await();
        return Provenance.command();
    }
}
