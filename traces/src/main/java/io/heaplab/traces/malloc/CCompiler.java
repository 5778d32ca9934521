package io.heaplab.traces.malloc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The system's C compiler, and the C sources heaplab ships compiled with it on first use into a cache directory:
 * {@code $CC}, else the first of {@code cc}, {@code gcc}, {@code clang}, {@code tcc} on the {@code PATH}; each
 * output's name carries a hash of its source and the compiler, so a new source is compiled again and two heaplabs
 * at once never run half a file.
 */
public final class CCompiler {

    private static final List<String> COMPILERS = List.of("cc", "gcc", "clang", "tcc");

    /** Why a C source could not be compiled, in one line: no compiler, or the compiler's first error. */
    public static final class CompileException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CompileException(String message) {
            super(message);
        }
    }

    private final Path cache;
    private final Map<String, String> environment;
    private final String purpose;

    /**
     * A compiler found through {@code environment} ({@code CC} and {@code PATH}) that caches what it builds in
     * {@code cache}; {@code purpose} (such as "malloc capture") begins its messages.
     */
    public CCompiler(Path cache, Map<String, String> environment, String purpose) {
        this.cache = cache;
        this.environment = environment;
        this.purpose = purpose;
    }

    /** The C compiler to use: $CC when set, else the first of cc, gcc, clang, tcc on $PATH. */
    public Path compiler() {
        String cc = environment.get("CC");
        if (cc != null && !cc.isBlank()) {
            Path named = cc.contains("/") ? Path.of(cc) : onPath(cc);
            if (named == null || !Files.isExecutable(named)) {
                throw new CompileException(purpose + ": CC=" + cc + " is not an executable (expected: a C"
                        + " compiler such as cc or gcc)");
            }
            return named;
        }
        for (String name : COMPILERS) {
            Path found = onPath(name);
            if (found != null) {
                return found;
            }
        }
        throw new CompileException(purpose + " needs a C compiler: none of cc, gcc, clang, tcc found on PATH"
                + " (set CC)");
    }

    /** Whether {@code name} is an executable file in a directory of $PATH. */
    public Path onPath(String name) {
        String path = environment.getOrDefault("PATH", "");
        for (String dir : path.split(":")) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, name);
                if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }

    /**
     * The resource {@code source} beside {@code anchor}, compiled now unless the cache holds it: into
     * {@code name-HASH.suffix}, with {@code flags} before the output and source and {@code libraries} after them
     * (left out for {@code tcc}, which links its own). It is built under a temporary name and renamed.
     */
    public Path build(Class<?> anchor, String source, String name, String suffix, List<String> flags,
                      List<String> libraries) throws IOException {
        byte[] text;
        try (InputStream in = anchor.getResourceAsStream(source)) {
            if (in == null) {
                throw new IllegalStateException("resource " + source + " is missing beside " + anchor
                        + " (expected: C source shipped in heaplab)");
            }
            text = in.readAllBytes();
        }
        Path compiler = compiler();
        Path output = cache.resolve(name + "-" + hash(text, compiler.toString()) + suffix);
        if (Files.isRegularFile(output)) {
            return output;
        }
        Files.createDirectories(cache);
        Path work = Files.createTempDirectory(cache, ".compile-");
        try {
            Path c = work.resolve(name + ".c");
            Files.write(c, text);
            Path built = work.resolve("built" + suffix);
            List<String> command = new ArrayList<>();
            command.add(compiler.toString());
            command.addAll(flags);
            command.addAll(List.of("-o", built.toString(), c.toString()));
            if (!compiler.getFileName().toString().contains("tcc")) {
                command.addAll(libraries);
            }
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
            builder.environment().clear();
            builder.environment().putAll(environment);
            Process process;
            try {
                process = ChildProcess.start(builder);
            } catch (IOException e) {
                throw new CompileException(purpose + ": cannot run the C compiler " + compiler + " ("
                        + e.getMessage() + ")");
            }
            String messages = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = ChildProcess.await(process,
                    () -> new CompileException(purpose + ": interrupted while compiling"));
            if (status != 0 || !Files.isRegularFile(built)) {
                String first = messages.lines().filter(l -> !l.isBlank()).limit(2).reduce((a, b) -> a + " | " + b)
                        .orElse("no message");
                throw new CompileException(purpose + ": " + compiler + " failed with status " + status
                        + " compiling " + name + ".c: " + first);
            }
            try {
                Files.move(built, output, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(built, output, StandardCopyOption.REPLACE_EXISTING);
            }
            return output;
        } finally {
            try (Stream<Path> files = Files.list(work)) {
                for (Path file : files.toList()) {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(work);
        }
    }


    private static String hash(byte[] source, String compiler) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(source);
            sha.update(compiler.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }
}
