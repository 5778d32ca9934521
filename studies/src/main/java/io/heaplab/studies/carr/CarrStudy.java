package io.heaplab.studies.carr;

import io.heaplab.core.spi.Spec;
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

/**
 * Carr &amp; Hennessy, "WSCLOCK - A Simple and Effective Algorithm for Virtual Memory Management" (SOSP 1981),
 * Figures 3-5 and Table 2: {@code heaplab reproduce carr}.
 */
public final class CarrStudy implements Study {

    /** The paper ran 50 tasks. */
    static final int FULL_TASKS = 50;
    private static final String SHIPPED = "shipped";
    private static final String AUTO = "auto";

    @Override
    public String name() {
        return CarrJson.EXPERIMENT;
    }

    @Override
    public String description() {
        return "Reproduce Figures 3-5 and Table 2 of Carr & Hennessy's WSCLOCK paper: configurations A, B, C under"
                + " pure WS, WS with LT/RT and WSCLOCK across theta, on a simulated multiprogrammed computer with"
                + " real programs as tasks.";
    }

    @Override
    public int defaultSeeds() {
        return 1;
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(
                new Parameter("configurations", "X[,X...]", "A,B,C", "Configurations of Table 1 to run."),
                new Parameter("thetas", "K[,K...]", "50,100,200,400,700,1000,2000,5000",
                        "The theta grid, in thousands of references."),
                new Parameter("tasks", "N", Integer.toString(FULL_TASKS), "Tasks per run (the paper's: "
                        + FULL_TASKS + ")."),
                new Parameter("policies", "paper|all", "paper", "The paper's three policies, or all: also PFF and"
                        + " global CLOCK under the 50% rule."),
                new Parameter("prototypes", "shipped|FILE[@IO][,...]", SHIPPED, "The programs tasks are drawn from:"
                        + " the eight shipped, or trace files (" + TraceFormats.installed().expected() + "), each with"
                        + " its mean references"
                        + " between I/O requests (default: none)."),
                new Parameter("device-scale", "X", "1", "Multiply Table 1's paging-device access times by X (1: the"
                        + " paper's)."),
                new Parameter("irim", "OMEGA", "0", "Also run every point on IRIM strings with this omega (the"
                        + " paper's: 5000) and report their error against the exact simulation; 0 for none."),
                new Parameter("frames-scale", "auto|X", AUTO, "Today's frames per frame of the paper (auto: "
                        + Spec.number(Prototypes.shippedFramesScale()) + " for the shipped programs, 1 for trace files)."));
    }

    @Override
    public boolean writesCsv() {
        return true;
    }

    @Override
    public Map<String, String> smallArguments() {
        return Map.of("configurations", "A,C", "thetas", "200,1000", "tasks", "3");
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
        List<Integer> thousands = arguments.integers("thetas");
        if (thousands.stream().anyMatch(k -> k < 1)) {
            throw new ParameterException("thetas", "'" + arguments.text("thetas")
                    + "' (expected: positive thousands of references)");
        }
        List<Long> thetas = thousands.stream().map(k -> (long) k * 1000).toList();
        List<CarrPolicy> policies = switch (arguments.text("policies").strip().toLowerCase(Locale.ROOT)) {
            case "paper" -> CarrPolicy.PAPER;
            case "all" -> List.of(CarrPolicy.values());
            default -> throw new ParameterException("policies", "'" + arguments.text("policies")
                    + "' (expected: paper or all)");
        };
        Prototypes prototypes = prototypes(arguments.text("prototypes"), arguments.text("frames-scale"));
        return new CarrExperiment(new CarrExperiment.Config(settings.seeds(), configurations, thetas,
                arguments.integer("tasks"), settings.threads(), policies, arguments.integer("irim"),
                deviceScale(arguments.text("device-scale"))),
                CarrPaper.load(), prototypes);
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
