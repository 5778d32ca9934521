package io.heaplab.testkit.fake;

import io.heaplab.core.spi.Allocator;
import io.heaplab.core.spi.AllocatorProvider;
import io.heaplab.core.spi.AllocatorSetup;
import io.heaplab.core.spi.Option;
import io.heaplab.core.spi.OptionType;
import io.heaplab.core.spi.Options;
import io.heaplab.core.spi.PagingSimulator;
import io.heaplab.core.spi.ReplacementPolicyProvider;
import io.heaplab.core.spi.SpiVersion;
import java.util.List;

/**
 * Providers for the provider contract's own test, one nested class per module it pretends to be; each broken
 * one has a single fault. They make nothing: the contract never calls {@code create}.
 */
public final class Fakes {

    private Fakes() {
    }

    /** An allocator provider with a sound name and options; the faults override one thing each. */
    public abstract static class Strategy implements AllocatorProvider {
        private final String name;

        protected Strategy(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public String description() {
            return "a strategy that makes no blocks (Knuth, TAOCP 1, 2.5)";
        }

        @Override
        public List<Option> options() {
            return List.of(Option.choice("order", List.of("address", "lifo"), "lifo", "the list's order"),
                    Option.range("sli", OptionType.POSITIVE_INT, 1, 5, "4", "second-level bits"),
                    Option.required("frames", OptionType.POSITIVE_INT, "page frames"));
        }

        @Override
        public Allocator create(Options options, AllocatorSetup setup) {
            throw new UnsupportedOperationException("a fake makes nothing");
        }
    }

    /** A module that keeps the contract: a strategy and a policy, both registered. */
    public static final class Sound {
        private Sound() {
        }

        /** Sound. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class SoundStrategy extends Strategy {
            public SoundStrategy() {
                super("sound-fake");
            }
        }

        /** Sound, and of another kind, with a year for its citation. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class SoundPolicy implements ReplacementPolicyProvider {
            @Override
            public String name() {
                return "sound-fake";
            }

            @Override
            public String description() {
                return "a policy that pages nothing, as in a textbook of 1966 (after Belady)";
            }

            @Override
            public PagingSimulator create(Options options) {
                throw new UnsupportedOperationException("a fake makes nothing");
            }
        }
    }

    /** A module with a provider it forgot to register. */
    public static final class Forgotten {
        private Forgotten() {
        }

        /** Registered. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class Registered extends Strategy {
            public Registered() {
                super("registered-fake");
            }
        }

        /** Sound, but not in the service file. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class NotRegistered extends Strategy {
            public NotRegistered() {
                super("forgotten-fake");
            }
        }
    }

    /** A module whose service file names a class that is no provider. */
    public static final class Stray {
        private Stray() {
        }

        /** Registered, and sound. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class Registered extends Strategy {
            public Registered() {
                super("stray-fake");
            }
        }

        /** Named in the service file as an allocator provider, yet none. */
        public static final class NoProvider {
        }
    }

    /** A description still to be written. */
    public static final class Todo {
        private Todo() {
        }

        /** Its description is TODO. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class TodoStrategy extends Strategy {
            public TodoStrategy() {
                super("todo-fake");
            }

            @Override
            public String description() {
                return "TODO";
            }
        }
    }

    /** A description that says what but not where from. */
    public static final class Uncited {
        private Uncited() {
        }

        /** Its description cites nothing: the word in parentheses is an acronym, not a source. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class UncitedStrategy extends Strategy {
            public UncitedStrategy() {
                super("uncited-fake");
            }

            @Override
            public String description() {
                return "blocks from a free list kept in last-in, first-out order (LIFO)";
            }
        }
    }

    /** A description of two lines. */
    public static final class TwoLines {
        private TwoLines() {
        }

        /** Its description runs onto a second line. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class TwoLineStrategy extends Strategy {
            public TwoLineStrategy() {
                super("two-lines-fake");
            }

            @Override
            public String description() {
                return "blocks from a free list\n(Knuth, TAOCP 1, 2.5)";
            }
        }
    }

    /** Two providers of one kind with one name. */
    public static final class Twins {
        private Twins() {
        }

        /** The first twin. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class First extends Strategy {
            public First() {
                super("twin-fake");
            }
        }

        /** The second twin. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class Second extends Strategy {
            public Second() {
                super("twin-fake");
            }
        }
    }

    /** A name no spec can hold. */
    public static final class BadName {
        private BadName() {
        }

        /** Upper case and a space. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class BadNameStrategy extends Strategy {
            public BadNameStrategy() {
                super("Bad Name");
            }
        }
    }

    /** Options without proper names or descriptions. */
    public static final class BadOptions {
        private BadOptions() {
        }

        /** An option named with a space, one declared twice, one without a description. */
        @SpiVersion(SpiVersion.CURRENT)
        public static final class BadOptionsStrategy extends Strategy {
            public BadOptionsStrategy() {
                super("bad-options-fake");
            }

            @Override
            public List<Option> options() {
                return List.of(Option.of("two words", OptionType.INT, "1", "a value"),
                        Option.of("cell", OptionType.INT, "16", "bytes per cell"),
                        Option.of("cell", OptionType.INT, "32", "bytes per cell, again"),
                        Option.of("steps", OptionType.INT, "4", " "));
            }
        }
    }

    /** A provider built without the SPI version. */
    public static final class Unversioned {
        private Unversioned() {
        }

        /** No annotation. */
        public static final class UnversionedStrategy extends Strategy {
            public UnversionedStrategy() {
                super("unversioned-fake");
            }
        }

        /** A version from a future core. */
        @SpiVersion(SpiVersion.CURRENT + 1)
        public static final class FutureStrategy extends Strategy {
            public FutureStrategy() {
                super("future-fake");
            }
        }
    }
}
