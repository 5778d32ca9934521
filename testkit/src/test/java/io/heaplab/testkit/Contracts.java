package io.heaplab.testkit;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.util.Set;
import java.util.TreeSet;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** Runs a contract's subclass through the JUnit Platform, as a build would, and reports which tests failed. */
final class Contracts {

    private Contracts() {
    }

    /** The names of the test methods of {@code testClass} that failed, on both the Jupiter and jqwik engines. */
    static Set<String> failures(Class<?> testClass) {
        Set<String> failed = new TreeSet<>();
        Set<String> ran = new TreeSet<>();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(testClass)).build(),
                new TestExecutionListener() {
                    @Override
                    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
                        if (test.getSource().orElse(null) instanceof MethodSource method) {
                            ran.add(method.getMethodName());
                            if (result.getStatus() != TestExecutionResult.Status.SUCCESSFUL) {
                                failed.add(method.getMethodName());
                            }
                        }
                    }
                });
        if (ran.isEmpty()) {
            throw new AssertionError("no test of " + testClass.getName() + " ran");
        }
        return failed;
    }
}
