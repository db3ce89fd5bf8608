package io.perfgate.scenario.harness;

import io.perfgate.scenario.ScenarioContext;
import java.lang.reflect.Method;
import org.junit.Ignore;
import org.junit.runner.Description;
import org.junit.runner.JUnitCore;
import org.junit.runner.Request;
import org.junit.runner.notification.Failure;
import org.junit.runner.notification.RunListener;

/**
 * A JUnit 4 test method run through JUnit 4's own runner (so {@code @RunWith}, rules and {@code @BeforeClass}
 * behave as under Surefire). JUnit signals the start before {@code @Before} and the end after {@code @After};
 * {@code @BeforeClass} and {@code @AfterClass} run outside that window.
 */
final class JUnit4Test extends ExistingTest {
    JUnit4Test(String name, Class<?> testClass, Method method) {
        super(name, testClass, method);
    }

    @Override
    public void run(ScenarioContext ctx, RunWindow window) throws Exception {
        Outcome outcome = new Outcome();
        JUnitCore core = new JUnitCore();
        core.addListener(new RunListener() {
            @Override
            public void testStarted(Description description) {
                outcome.started++;
                window.open();
            }

            @Override
            public void testFinished(Description description) {
                window.close();
            }

            @Override
            public void testFailure(Failure failure) {
                outcome.failed(failure.getDescription().getDisplayName(), failure.getException());
            }

            @Override
            public void testAssumptionFailure(Failure failure) {
                outcome.skipped("an assumption failed: " + failure.getMessage());
            }

            @Override
            public void testIgnored(Description description) {
                Ignore ignore = description.getAnnotation(Ignore.class);
                outcome.skipped(ignore != null && !ignore.value().isEmpty() ? "@Ignore: " + ignore.value()
                        : "@Ignore");
            }
        });
        core.run(Request.method(testClass, method.getName()));
        check(outcome, window);
    }

    @Override
    String engineAdvice() {
        return "JUnit 4 found no test " + method.getName() + " in " + testClass.getName();
    }
}
