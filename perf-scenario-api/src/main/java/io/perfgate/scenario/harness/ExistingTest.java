package io.perfgate.scenario.harness;

import io.perfgate.scenario.ScenarioContext;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * An existing JUnit test measured as a scenario: {@code com.acme.FooTest#method}. Each run executes the test class
 * filtered to that method, as Surefire's {@code -Dtest=FooTest#method} does; the class set-up
 * ({@code @BeforeClass}, {@code @BeforeAll}) and tear-down run in every execution but outside the timed window,
 * which covers the method with its per-test set-up and tear-down. A JUnit 4 method ({@code org.junit.Test}) runs
 * through JUnit 4 itself; any other through the JUnit Platform launcher (JUnit 5 and other engines).
 */
abstract class ExistingTest implements MeasuredCode {
    private static final String JUNIT4_TEST = "org.junit.Test";
    private static final String PLATFORM_LAUNCHER = "org.junit.platform.launcher.core.LauncherFactory";

    final String name;
    final Class<?> testClass;
    final Method method;

    /** What a run saw: the first failure, a reason it was skipped, and whether the test method started. */
    static final class Outcome {
        Throwable failure;
        String failedPart;
        String skipped;
        int started;

        void failed(String part, Throwable t) {
            if (failure == null) {
                failure = t;
                failedPart = part;
            }
        }

        void skipped(String reason) {
            if (skipped == null) {
                skipped = reason == null || reason.trim().isEmpty() ? "no reason given" : reason.trim();
            }
        }
    }

    ExistingTest(String name, Class<?> testClass, Method method) {
        this.name = name;
        this.testClass = testClass;
        this.method = method;
    }

    /** The test named {@code ClassName#method}, loaded from {@code loader}, run by the JUnit it is written for. */
    static ExistingTest load(String test, ClassLoader loader) throws TestNotPassed {
        int hash = test.indexOf('#');
        if (hash <= 0 || hash == test.length() - 1 || test.indexOf('#', hash + 1) >= 0) {
            throw new TestNotPassed("<test> '" + test + "' must name a class and one of its test methods:"
                    + " com.acme.FooTest#testMethod", null);
        }
        String className = test.substring(0, hash);
        String methodName = test.substring(hash + 1);
        Class<?> type;
        try {
            type = Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new TestNotPassed("test class " + className + " is not on the scenario classpath (the project's"
                    + " test classpath); check <test> and that the class is under src/test/java", e);
        }
        Method method = find(type, methodName);
        if (method == null) {
            throw new TestNotPassed("test class " + className + " has no method " + methodName + "; check <test>",
                    null);
        }
        if (hasAnnotation(method, JUNIT4_TEST)) {
            return new JUnit4Test(test, type, method);
        }
        try {
            Class.forName(PLATFORM_LAUNCHER, false, loader);
        } catch (ClassNotFoundException e) {
            throw new TestNotPassed(test + " is not a JUnit 4 test (no @org.junit.Test), and the JUnit Platform"
                    + " launcher (org.junit.platform:junit-platform-launcher) is not on the scenario classpath to run"
                    + " it; add it to the test dependencies, in the version of the project's junit-platform-engine", e);
        }
        return new JUnitPlatformTest(test, type, method);
    }

    private static Method find(Class<?> type, String methodName) {
        List<Method> candidates = new ArrayList<>();
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(methodName) && !m.isSynthetic()) {
                    candidates.add(m);
                }
            }
        }
        for (Method m : candidates) {
            for (Annotation a : m.getAnnotations()) {
                if (a.annotationType().getName().startsWith("org.junit")) {
                    return m;
                }
            }
        }
        return candidates.isEmpty() ? null : candidates.get(0);
    }

    private static boolean hasAnnotation(Method method, String type) {
        for (Annotation a : method.getAnnotations()) {
            if (a.annotationType().getName().equals(type)) {
                return true;
            }
        }
        return false;
    }

    /** The class set-up runs in each execution, outside the timed window: nothing to prepare once. */
    @Override
    public void setUp(ScenarioContext ctx) {
    }

    @Override
    public void tearDown(ScenarioContext ctx) {
    }

    /** Fails the run unless the test method ran and passed, with the test's own message. */
    final void check(Outcome outcome, RunWindow window) throws TestNotPassed {
        if (outcome.failure != null) {
            throw new TestNotPassed("test " + outcome.failedPart + " failed: " + outcome.failure, outcome.failure);
        }
        if (outcome.skipped != null) {
            throw new TestNotPassed("test " + name + " was skipped (" + outcome.skipped + "), so nothing was"
                    + " measured", null);
        }
        if (outcome.started == 0 || !window.measured()) {
            throw new TestNotPassed("test " + name + " did not run: " + engineAdvice(), null);
        }
    }

    /** Why a test that exists may not have run. */
    abstract String engineAdvice();
}
