package io.perfgate.scenario.harness;

import io.perfgate.scenario.ScenarioContext;
import java.lang.reflect.Method;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * A test method run through the JUnit Platform launcher (JUnit 5 and any other engine on the test classpath).
 * The launcher reports a test's start before {@code @BeforeEach} and its end after {@code @AfterEach};
 * {@code @BeforeAll} and {@code @AfterAll} belong to the class container, outside that window. A parameterized or
 * repeated method is timed from its first execution's start to its last one's end.
 */
final class JUnitPlatformTest extends ExistingTest {
    JUnitPlatformTest(String name, Class<?> testClass, Method method) {
        super(name, testClass, method);
    }

    @Override
    public void run(ScenarioContext ctx, RunWindow window) throws Exception {
        Outcome outcome = new Outcome();
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectMethod(testClass, method)).build();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, new TestExecutionListener() {
            @Override
            public void executionStarted(TestIdentifier id) {
                if (id.isTest()) {
                    outcome.started++;
                    window.open();
                }
            }

            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    window.close();
                }
                Throwable thrown = result.getThrowable().orElse(null);
                switch (result.getStatus()) {
                    case FAILED:
                        outcome.failed(label(id), thrown != null ? thrown : new AssertionError("failed"));
                        break;
                    case ABORTED:
                        outcome.skipped("aborted: " + (thrown != null ? thrown.getMessage() : "no reason given"));
                        break;
                    default:
                        break;
                }
            }

            @Override
            public void executionSkipped(TestIdentifier id, String reason) {
                outcome.skipped(reason);
            }
        });
        check(outcome, window);
    }

    private String label(TestIdentifier id) {
        return id.isTest() ? name + " (" + id.getDisplayName() + ")" : name + ", in " + id.getDisplayName();
    }

    @Override
    String engineAdvice() {
        return "the JUnit Platform found no test " + method.getName() + " in " + testClass.getName()
                + "; is the engine that runs it (e.g. org.junit.jupiter:junit-jupiter-engine) a test dependency?";
    }
}
