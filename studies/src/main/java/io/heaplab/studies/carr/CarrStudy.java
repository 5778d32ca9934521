package io.heaplab.studies.carr;

import io.heaplab.core.run.Sizes;
import io.heaplab.core.spi.Spec;
import io.heaplab.core.spi.SpecException;
import io.heaplab.studies.Reproduction;
import io.heaplab.studies.Study;
import io.heaplab.studies.kit.Arguments;
import io.heaplab.studies.kit.Parameter;
import io.heaplab.studies.kit.ParameterException;
import io.heaplab.studies.kit.Settings;
import io.heaplab.system.Prototype;
import io.heaplab.system.Prototypes;
import io.heaplab.traces.TraceFormats;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Carr &amp; Hennessy, "WSCLOCK - A Simple and Effective Algorithm for Virtual Memory Management" (SOSP 1981),
 * Figures 3-5 and Table 2: {@code heaplab reproduce carr}.
 */
public final class CarrStudy implements Study {

    /** The paper ran 50 tasks. */
    static final int FULL_TASKS = 50;
    private static final String SHIPPED = "shipped";
    private static final String AUTO = "auto";
    private static final String BOTH = "both";
    /** Thetas as sizes: a grid of windows, neither a percentage (of no stream) nor a whole curve (each is a run). */
    private static final Sizes.Forms THETAS = new Sizes.Forms(false, false, "");

    @Override
    public String name() {
        return CarrJson.EXPERIMENT;
    }

    @Override
    public String description() {
        return "Reproduce Figures 3-5 and Table 2 of Carr & Hennessy's WSCLOCK paper: configurations A, B, C under"
                + " pure WS, WS with LT/RT and WSCLOCK across theta, on a simulated multiprogrammed computer with"
                + " real programs as tasks, at the paper's balanced operating point and with Table 1's constants.";
    }

    @Override
    public int defaultSeeds() {
        return 1;
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("regime", "balanced|table1|both", BOTH, "balanced: the paper's operating point, the"
                        + " programs' steady state as tasks and the scales the paper leaves open calibrated to Table"
                        + " 2; table1: Table 1's constants as printed; both, the default, runs each."),
                new Parameter("calibration", "auto|FRAMES,DEVICE,IO", AUTO, "The balanced regime's frames scale,"
                        + " device scale and references between I/O requests: auto searches for them, or give the"
                        + " three a run printed."),
                new Parameter("configurations", "X[,X...]", "A,B,C", "Configurations of Table 1 to run."),
                new Parameter("thetas", "SIZES", "50,100,200,400,700,1000,2000,5000",
                        "The theta grid, in thousands of references: a list, or a range such as 50..5000*2"
                        + " (docs/sizes.md)."),
                new Parameter("tasks", "N", Integer.toString(FULL_TASKS), "Tasks per run (the paper's: "
                        + FULL_TASKS + ")."),
                new Parameter("policies", "paper|all", "paper", "The paper's three policies, or all: also PFF and"
                        + " global CLOCK under the 50% rule."),
                new Parameter("prototypes", "shipped|FILE[@IO][,...]", SHIPPED, "The programs tasks are drawn from:"
                        + " the eight shipped, or trace files (" + TraceFormats.installed().expected() + "), each with"
                        + " its mean references between I/O requests after @ (no I/O when left out)."),
                new Parameter("device-scale", "X", "1", "Table 1 regime: multiply Table 1's paging-device access"
                        + " times by X (1: the paper's)."),
                new Parameter("irim", "OMEGA", "0", "Also run every point on IRIM strings with this omega (the"
                        + " paper's: 5000) and report their error against the exact simulation; 0 for none."),
                new Parameter("frames-scale", "auto|X", AUTO, "Table 1 regime: today's frames per frame of the paper"
                        + " (auto: " + Spec.number(Prototypes.shippedFramesScale()) + " for the shipped programs, 1 for"
                        + " trace files)."));
    }

    @Override
    public boolean writesCsv() {
        return true;
    }

    @Override
    public Map<String, String> smallArguments() {
        // the search's own test is CarrCalibrationTest: here the balanced regime runs with scales given
        return Map.of("configurations", "A,C", "thetas", "200,1000", "tasks", "3", "calibration", "2,0.75,20000");
    }

    @Override
    public Reproduction prepare(Settings settings, Arguments arguments) {
        List<Character> configurations = new ArrayList<>();
        for (String part : arguments.text("configurations").split(",", -1)) {
            String c = part.strip().toUpperCase(Locale.ROOT);
            if (c.length() != 1) {
                throw new ParameterException("configurations", "'" + arguments.text("configurations")
                        + "' (expected: some of A, B, C)");
            }
            configurations.add(c.charAt(0));
        }
        List<Long> thetas = thetas(arguments.text("thetas"));
        List<CarrPolicy> policies = switch (arguments.text("policies").strip().toLowerCase(Locale.ROOT)) {
            case "paper" -> CarrPolicy.PAPER;
            case "all" -> List.of(CarrPolicy.values());
            default -> throw new ParameterException("policies", "'" + arguments.text("policies")
                    + "' (expected: paper or all)");
        };
        List<CarrRegime> regimes = regimes(arguments.text("regime"));
        String calibration = arguments.text("calibration").strip();
        Optional<double[]> scales = calibration.equalsIgnoreCase(AUTO) ? Optional.empty()
                : Optional.of(CarrCalibration.parse(calibration));
        if (scales.isPresent() && !regimes.contains(CarrRegime.BALANCED)) {
            throw new ParameterException("calibration", "'" + calibration + "' with --regime table1 (expected: the"
                    + " balanced regime, whose scales it gives)");
        }
        Prototypes table1 = prototypes(arguments.text("prototypes"), arguments.text("frames-scale"));
        // the balanced regime's tasks are the programs' steady state; a user's traces are their own
        Prototypes balanced = regimes.contains(CarrRegime.BALANCED)
                && arguments.text("prototypes").strip().equalsIgnoreCase(SHIPPED) ? Prototypes.steady() : table1;
        return new CarrExperiment(new CarrExperiment.Config(settings.seeds(), configurations, thetas,
                arguments.integer("tasks"), settings.threads(), policies, arguments.integer("irim"), regimes,
                deviceScale(arguments.text("device-scale")), scales), CarrPaper.load(), table1, balanced);
    }

    /**
     * The theta grid {@code value} names in thousands of references, in the size syntax of every window heaplab
     * takes ({@code 50,100,200}, {@code 50..5000*2}; docs/sizes.md), each a positive number of references.
     */
    public static List<Long> thetas(String value) {
        List<Long> thousands;
        try {
            thousands = Sizes.parse("thetas", value, THETAS).resolve(-1);
        } catch (Sizes.Malformed e) {
            throw new ParameterException("thetas", "'" + e.item() + "' (expected: " + e.expected() + ")");
        } catch (SpecException e) {
            throw new ParameterException("thetas", "'" + value + "' (expected: at most " + Sizes.MAX_SIZES
                    + " thetas: a coarser step)");
        }
        if (thousands.stream().anyMatch(k -> k < 1 || k > Long.MAX_VALUE / 1000)) {
            throw new ParameterException("thetas", "'" + value + "' (expected: positive thousands of references)");
        }
        return thousands.stream().map(k -> k * 1000).toList();
    }

    private static List<CarrRegime> regimes(String value) {
        if (value.strip().equalsIgnoreCase(BOTH)) {
            return List.of(CarrRegime.BALANCED, CarrRegime.TABLE1);
        }
        CarrRegime regime = CarrRegime.of(value);
        if (regime == null) {
            throw new ParameterException("regime", "'" + value + "' (expected: balanced, table1 or both)");
        }
        return List.of(regime);
    }

    /** A paging-device factor that keeps Table 1's accesses (20,000 to 80,000) counts of references. */
    private static double deviceScale(String value) {
        double x = number(value);
        if (!(x > 0) || Math.round(20_000 * x) < 1 || 80_000 * x > 1e12) {
            throw new ParameterException("device-scale", "'" + value + "' (expected: a factor from 0.00005 to"
                    + " 12,500,000 on Table 1's access times)");
        }
        return x;
    }

    /** {@code text} as a number; NaN when it is not one, which every range check then refuses. */
    private static double number(String text) {
        try {
            return Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The shipped programs, or the trace files {@code value} lists, with the frames scale asked for. */
    static Prototypes prototypes(String value, String framesScale) {
        boolean shipped = value.strip().equalsIgnoreCase(SHIPPED);
        double scale;
        if (framesScale.strip().equalsIgnoreCase(AUTO)) {
            scale = shipped ? Prototypes.shippedFramesScale() : 1;
        } else {
            scale = number(framesScale);
            // Table 1's memories are 200 to 350 frames: each must keep at least one, and stay a count
            if (!(scale > 0) || Math.round(200 * scale) < 1 || 350 * scale > 100_000_000) {
                throw new ParameterException("frames-scale", "'" + framesScale + "' (expected: auto or a number of"
                        + " frames per frame of the paper, 0.005 to 285,000)");
            }
        }
        if (shipped) {
            return new Prototypes(Prototypes.shipped().prototypes(), scale);
        }
        List<Prototype> read = new ArrayList<>();
        for (String item : value.split(",", -1)) {
            read.add(prototype(item.strip()));
        }
        return new Prototypes(List.copyOf(read), scale);
    }

    private static Prototype prototype(String item) {
        int at = item.lastIndexOf('@');
        if (at >= 0 && item.substring(at + 1).strip().matches("(?i)[+-]?(nan|infinity)")) {
            // Java reads these as numbers, but no interval between I/O requests is one
            throw new ParameterException("prototypes", "'" + item + "' (expected: FILE@IO with IO the mean"
                    + " references between I/O requests, a positive number)");
        }
        double io = at < 0 ? Double.NaN : number(item.substring(at + 1));
        if (Double.isNaN(io)) {
            at = -1; // no '@', or not a number after it: the '@' is the file's own
            io = Double.POSITIVE_INFINITY;
        }
        String file = at < 0 ? item : item.substring(0, at);
        if (!(io > 0)) {
            throw new ParameterException("prototypes", "'" + item + "' (expected: FILE@IO with IO the mean"
                    + " references between I/O requests, a positive number)");
        }
        if (file.isEmpty()) {
            throw new ParameterException("prototypes", "'" + item + "' (expected: shipped, or trace files"
                    + " FILE[@IO] separated by commas)");
        }
        try {
            return Prototype.read(Path.of(file), io);
        } catch (NoSuchFileException e) {
            throw new ParameterException("prototypes", "'" + file + "': " + (e.getReason() == null ? "no such file"
                    : e.getReason()) + " (expected: a trace file to run as a task)");
        } catch (IOException | RuntimeException e) {
            throw new ParameterException("prototypes", "'" + file + "' is not a trace heaplab reads: "
                    + e.getMessage() + " (expected: a trace in a format heaplab reads: "
                    + TraceFormats.installed().expected() + ")");
        }
    }
}
