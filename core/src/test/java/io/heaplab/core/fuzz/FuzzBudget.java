package io.heaplab.core.fuzz;

import net.jqwik.api.Example;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyAttributes;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * How long a fuzz property runs: in {@code mvn verify} its own few tries from its fixed seed, so the build stays quick
 * and gives the same result every time; with {@code -Dheaplab.fuzz.scale=K} (the {@code fuzz} profile) K times as many
 * tries from a seed drawn anew, which jqwik prints with a failure. Examples run once whatever the scale. A system
 * property, not jqwik's {@code jqwik.tries.default}: that one reaches only properties without tries of their own, and
 * a fuzz property needs tries of its own to keep the default build short. (The traces module's tests have the same
 * hook: each module's tests stand alone.)
 */
public final class FuzzBudget implements AroundPropertyHook {

    /** The system property the {@code fuzz} profile sets: how many times its own tries each property runs. */
    public static final String SCALE = "heaplab.fuzz.scale";

    /** Registered on a test class, it reaches every property in it. */
    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        String scale = System.getProperty(SCALE, "").strip();
        if (!scale.isEmpty() && !context.targetMethod().isAnnotationPresent(Example.class)) {
            PropertyAttributes attributes = context.attributes();
            attributes.setTries(Math.multiplyExact(attributes.tries().orElse(1000), Integer.parseInt(scale)));
            attributes.setSeed("");  // jqwik draws one
        }
        return property.execute();
    }
}
