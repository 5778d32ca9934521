package io.heaplab.acceptance;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;

/** A browser tab driven over DevTools: loads a page at a given window width and keeps the errors it reported. */
final class BrowserPage {

    private final DevTools devTools;
    private final String session;
    private final List<String> errors = new ArrayList<>();

    private BrowserPage(DevTools devTools, String session) {
        this.devTools = devTools;
        this.session = session;
    }

    /** Opens a blank tab and starts listening to its exceptions and console and log errors. */
    static BrowserPage open(DevTools devTools) throws IOException {
        String target = devTools.call(null, "Target.createTarget", Map.of("url", "about:blank")).get("targetId").asText();
        // flatten: the tab's commands and events travel on the browser's socket, tagged with the session id
        String session = devTools.call(null, "Target.attachToTarget", Map.of("targetId", target, "flatten", true))
                .get("sessionId").asText();
        BrowserPage page = new BrowserPage(devTools, session);
        devTools.onEvent(page::noteError);
        for (String domain : List.of("Runtime", "Log", "Page")) {
            devTools.call(session, domain + ".enable", Map.of());
        }
        return page;
    }

    /**
     * Shows {@code url} in a window {@code width} CSS pixels wide (one device pixel each) and returns once its load
     * event has fired; the errors reported so far are forgotten first.
     */
    void load(URI url, int width) throws IOException {
        devTools.call(session, "Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", 900, "deviceScaleFactor", 1, "mobile", false));
        synchronized (errors) {
            errors.clear();
        }
        CompletableFuture<JsonNode> loaded = new CompletableFuture<>();
        // listen before navigating: a small file can load before Page.navigate is even answered
        Consumer<JsonNode> onLoad = event -> {
            if (session.equals(event.path("sessionId").asText()) && "Page.loadEventFired".equals(event.get("method").asText())) {
                loaded.complete(event);
            }
        };
        devTools.onEvent(onLoad);
        try {
            JsonNode navigated = devTools.call(session, "Page.navigate", Map.of("url", url.toString()));
            if (navigated.hasNonNull("errorText")) {
                throw new IOException("could not open " + url + ": " + navigated.get("errorText").asText());
            }
            loaded.get(Chromium.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new IOException(url + " did not finish loading within " + Chromium.TIMEOUT.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            throw new IOException("loading " + url, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while loading " + url, e);
        } finally {
            devTools.removeListener(onLoad);
        }
    }

    /** The value of a JavaScript expression in the page, awaited if it is a promise. */
    JsonNode evaluate(String expression) throws IOException {
        JsonNode result = devTools.call(session, "Runtime.evaluate",
                Map.of("expression", expression, "awaitPromise", true, "returnByValue", true));
        if (result.has("exceptionDetails")) {
            throw new IOException("the page's script failed: " + describe(result.get("exceptionDetails")));
        }
        return result.path("result").path("value");
    }

    /**
     * The pixels the window shows of the image whose alt text is {@code alt}, as drawn on the screen (scaled to its
     * box), whether or not it is scrolled into view.
     */
    java.awt.image.BufferedImage screenshotOfImage(String alt) throws IOException {
        JsonNode box = evaluate("(() => { const img = [...document.images].find(i => i.alt === "
                + new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(alt) + ");"
                + " if (!img) { return null; } const r = img.getBoundingClientRect();"
                + " return {x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height}; })()");
        if (box.isNull() || box.isMissingNode()) {
            throw new IOException("no image \"" + alt + "\" on the page");
        }
        JsonNode shot = devTools.call(session, "Page.captureScreenshot", Map.of("format", "png",
                "captureBeyondViewport", true, "clip", Map.of("x", box.get("x").asDouble(), "y", box.get("y").asDouble(),
                        "width", box.get("width").asDouble(), "height", box.get("height").asDouble(), "scale", 1)));
        byte[] png = java.util.Base64.getDecoder().decode(shot.get("data").asText());
        return javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(png));
    }

    /** The exceptions and console and log errors since the last load began, each on one line. */
    List<String> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    private void noteError(JsonNode event) {
        if (!session.equals(event.path("sessionId").asText())) {
            return;
        }
        JsonNode params = event.path("params");
        String error = switch (event.get("method").asText()) {
            case "Runtime.exceptionThrown" -> "exception: " + describe(params.path("exceptionDetails"));
            case "Runtime.consoleAPICalled" -> "error".equals(params.path("type").asText())
                    ? "console.error: " + arguments(params.path("args")) : null;
            case "Log.entryAdded" -> "error".equals(params.path("entry").path("level").asText())
                    ? "log error (" + params.path("entry").path("source").asText() + "): "
                            + params.path("entry").path("text").asText() + " " + params.path("entry").path("url").asText("")
                    : null;
            default -> null;
        };
        if (error != null) {
            synchronized (errors) {
                errors.add(error.strip());
            }
        }
    }

    private static String describe(JsonNode details) {
        // the description carries the stack after its first line; the line number below says where already
        String description = details.path("exception").path("description").asText("").lines().findFirst().orElse("");
        return (description.isEmpty() ? details.path("text").asText() : description) + " (line "
                + (details.path("lineNumber").asInt() + 1) + " of " + details.path("url").asText("the page") + ")";
    }

    private static String arguments(JsonNode args) {
        List<String> texts = new ArrayList<>();
        args.forEach(arg -> texts.add(arg.has("value") ? arg.get("value").asText() : arg.path("description").asText()));
        return String.join(" ", texts);
    }
}
