package io.heaplab.acceptance;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A headless Chromium process with its DevTools endpoint open, killed (with every child) on close. */
final class Chromium implements AutoCloseable {

    /** Every wait on the browser is bounded by this, so that a stuck browser fails the test instead of hanging it. */
    static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The browser a developer chose with $HEAPLAB_CHROMIUM, or null. */
    static final String CHOSEN = Optional.ofNullable(System.getenv("HEAPLAB_CHROMIUM")).filter(s -> !s.isBlank())
            .orElse(null);

    /** Where {@link #find} looks: the chosen browser only, else Debian's and Ubuntu's. */
    static final List<String> CANDIDATES = CHOSEN != null ? List.of(CHOSEN)
            : List.of("/usr/bin/chromium", "/usr/bin/chromium-browser");

    private static final String LISTENING = "DevTools listening on ";
    private static final int KEPT_LINES = 40;

    private final Process process;
    private final Deque<String> lastLines;
    private URI browserSocket;

    private Chromium(Process process, Deque<String> lastLines) {
        this.process = process;
        this.lastLines = lastLines;
    }

    /** The first executable of {@link #CANDIDATES}, if any. */
    static Optional<Path> find() {
        return CANDIDATES.stream().map(Path::of).filter(Files::isExecutable).findFirst();
    }

    /** Starts {@code binary} headless on a blank page, with its profile in {@code profile}. */
    static Chromium start(Path binary, Path profile) throws IOException {
        // port 0: the browser picks a free port and prints it, so parallel builds never collide
        Process process = new ProcessBuilder(binary.toString(), "--headless=new", "--disable-gpu", "--no-sandbox",
                "--remote-debugging-port=0", "--user-data-dir=" + profile, "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--mute-audio", "about:blank")
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        Deque<String> lastLines = new ArrayDeque<>();
        CompletableFuture<URI> socket = new CompletableFuture<>();
        // the browser logs to stderr all its life (D-Bus complaints on a bare machine): keep reading it so that a
        // full pipe never blocks it, and keep the tail to explain a failure
        Thread reader = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(
                    new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    synchronized (lastLines) {
                        lastLines.addLast(line);
                        if (lastLines.size() > KEPT_LINES) {
                            lastLines.removeFirst();
                        }
                    }
                    int at = line.indexOf(LISTENING);
                    if (at >= 0) {
                        socket.complete(URI.create(line.substring(at + LISTENING.length()).trim()));
                    }
                }
            } catch (IOException closed) {
                // the browser went away; the wait below reports it
            }
            socket.completeExceptionally(new IOException("the browser exited"));
        }, "chromium-stderr");
        reader.setDaemon(true);
        reader.start();
        Chromium chromium = new Chromium(process, lastLines);
        try {
            chromium.browserSocket = socket.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return chromium;
        } catch (ExecutionException | TimeoutException e) {
            String log = chromium.log();
            chromium.close();
            throw new IOException(binary + " printed no DevTools endpoint within " + TIMEOUT.toSeconds()
                    + " s; its last lines:\n" + log, e);
        } catch (InterruptedException e) {
            chromium.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while starting " + binary, e);
        }
    }

    /** The browser-wide DevTools WebSocket. */
    URI browserSocket() {
        return browserSocket;
    }

    /** The last lines the browser printed, to explain a failure. */
    String log() {
        synchronized (lastLines) {
            return String.join("\n", List.copyOf(lastLines));
        }
    }

    /** Kills the browser and its helpers (renderer, zygote, GPU) and waits until they are gone. */
    @Override
    public void close() {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        try {
            // waiting matters: a browser still writing its profile would break the deletion of the temporary folder
            process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            for (ProcessHandle child : children) {
                child.onExit().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // a helper that outlives the timeout is left to the operating system; the test has its result
        }
    }
}
