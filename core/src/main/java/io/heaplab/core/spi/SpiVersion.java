package io.heaplab.core.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The version of heaplab's plugin interfaces a provider was built against, declared on every provider class a
 * plugin jar registers: {@code @SpiVersion(SpiVersion.CURRENT)}.
 *
 * <p>Because {@link #CURRENT} is a compile-time constant, javac copies its value into the plugin's class: the
 * annotation records the version of the core the plugin was compiled with, not of the core it runs on. The
 * loader refuses a provider whose version lies outside {@link #OLDEST_SUPPORTED} to {@link #CURRENT}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface SpiVersion {

    /**
     * The version of the interfaces in {@code io.heaplab.core.spi}, {@code heap} and {@code trace} as this core
     * has them; raised whenever a change would break a provider compiled against the previous one.
     */
    int CURRENT = 1;

    /** The oldest version this core still runs. */
    int OLDEST_SUPPORTED = 1;

    /** The version the provider was built against: write {@link #CURRENT}. */
    int value();
}
