package io.heaplab.core.run;

import io.heaplab.core.plugins.Failures;
import io.heaplab.core.plugins.Origin;
import io.heaplab.core.plugins.Plugins;
import io.heaplab.core.plugins.Watchdog;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Binds policy specs to the plugins that provide them, once for a run or a replay: each spec is checked (given
 * once, its name known, its options valid) as it is bound, and every provider that came from a plugin jar, the
 * policies' and any other the caller names (a run's workload and allocator), is kept as a suspect to blame when
 * the run fails in its code or never returns. Bind everything first, then make simulators or blame.
 */
public final class PolicyBinder {

    private final Plugins plugins;
    private final List<ReplacementPolicyProvider> providers = new ArrayList<>();
    private final List<Options> options = new ArrayList<>();
    /** Each policy's spec as written, to refuse one given twice: results are keyed by it. */
    private final Set<String> seen = new HashSet<>();
    private final List<Suspect> suspects = new ArrayList<>();

    public PolicyBinder(Plugins plugins) {
        this.plugins = Objects.requireNonNull(plugins, "plugins");
    }

    /** A binder of {@code policies}, in order, as {@link #policy} binds each. */
    public static PolicyBinder of(Plugins plugins, List<Spec> policies) {
        return new PolicyBinder(plugins).policies(policies);
    }

    /**
     * Keeps the provider of {@code role} ("workload", "allocator") named {@code name} as a suspect when {@code
     * origin} is a plugin jar; suspects are blamed in the order they were kept.
     */
    public PolicyBinder suspect(String role, String name, Origin origin) {
        if (origin.isPlugin()) {
            suspects.add(new Suspect(role, name, origin));
        }
        return this;
    }

    /**
     * Binds {@code policy}: one already bound fails with a one-line {@link SpecException}, and so do an unknown
     * name and a bad option; a plugin's policy becomes a suspect.
     */
    public PolicyBinder policy(Spec policy) {
        if (!seen.add(policy.toString())) {
            throw new SpecException("policy '" + policy + "' given twice (expected: each once)");
        }
        ReplacementPolicyProvider provider = plugins.policies().find(policy.name());
        Options bound = Options.bind(provider, policy);
        providers.add(provider);
        options.add(bound);
        return suspect("policy", policy.name(), plugins.policies().origin(policy.name()));
    }

    /** Binds each of {@code policies} in order, as {@link #policy} does. */
    public PolicyBinder policies(List<Spec> policies) {
        policies.forEach(this::policy);
        return this;
    }

    /** A fresh simulator of each policy bound, in order: a provider may still refuse options together. */
    public List<PagingSimulator> simulators() {
        List<PagingSimulator> simulators = new ArrayList<>();
        for (int i = 0; i < providers.size(); i++) {
            simulators.add(providers.get(i).create(options.get(i)));
        }
        return simulators;
    }

    /** The providers from plugin jars, in the order kept; empty when everything is built in. */
    public List<Suspect> suspects() {
        return List.copyOf(suspects);
    }

    /** The failure of {@code what} ("run", "replay") whose time limit ran out: every suspect is named. */
    public PluginFailure expired(String what, Watchdog.Expired e) {
        return new PluginFailure(suspects.stream().map(Suspect::toString).collect(Collectors.joining(", "))
                + ": the " + what + " " + e.explained(), e);
    }

    /**
     * The plugin to blame for {@code e}, thrown mid-{@code what} ("run", "replay"): the first frame of {@code e} or a
     * cause whose class a suspect's jar loaded names the jar, the provider and the code; null when no suspect is on
     * the stack.
     */
    public PluginFailure blame(String what, Throwable e) {
        if (suspects.isEmpty()) {
            return null;
        }
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement frame : t.getStackTrace()) {
                for (Suspect suspect : suspects) {
                    if (suspect.origin().loaderName().equals(frame.getClassLoaderName())) {
                        return new PluginFailure(suspect + " failed mid-" + what + " with " + Failures.summary(e) + " (at "
                                + frame.getClassName() + "." + frame.getMethodName() + ")", e);
                    }
                }
            }
        }
        return null;
    }

    /**
     * A provider that came from a plugin jar: what to blame if a run fails in its code.
     *
     * @param role   "workload", "allocator" or "policy"
     * @param name   the provider's name
     * @param origin the jar it came from
     */
    public record Suspect(String role, String name, Origin origin) {

        /** "plugin JAR: policy 'NAME'", as failures name it. */
        @Override
        public String toString() {
            return "plugin " + origin + ": " + role + " '" + name + "'";
        }
    }
}
