package io.heaplab.acceptance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A Chrome DevTools Protocol connection over the JDK's WebSocket client: commands answered by id, events handed to
 * listeners, every wait bounded by {@link Chromium#TIMEOUT}.
 */
final class DevTools implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final WebSocket socket;
    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final CopyOnWriteArrayList<Consumer<JsonNode>> listeners = new CopyOnWriteArrayList<>();

    private DevTools(HttpClient http, Receiver receiver, URI endpoint) throws IOException {
        this.http = http;
        receiver.owner = this;
        try {
            this.socket = http.newWebSocketBuilder().buildAsync(endpoint, receiver)
                    .get(Chromium.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            http.close();
            throw new IOException("could not open the DevTools socket " + endpoint, e);
        } catch (InterruptedException e) {
            http.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while opening " + endpoint, e);
        }
    }

    /** Connects to a browser's DevTools socket. */
    static DevTools connect(URI endpoint) throws IOException {
        return new DevTools(HttpClient.newHttpClient(), new Receiver(), endpoint);
    }

    /**
     * Sends {@code method} with {@code params} to the target attached as {@code session} (null: the browser) and
     * returns its result, failing on a protocol error or after the timeout.
     */
    JsonNode call(String session, String method, Map<String, ?> params) throws IOException {
        int id = ids.incrementAndGet();
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", JSON.valueToTree(params));
        if (session != null) {
            message.put("sessionId", session);
        }
        CompletableFuture<JsonNode> answer = new CompletableFuture<>();
        pending.put(id, answer);
        try {
            // the JDK's WebSocket allows one outstanding send at a time: callers on other threads wait their turn
            synchronized (socket) {
                socket.sendText(JSON.writeValueAsString(message), true)
                        .get(Chromium.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            }
            JsonNode reply = answer.get(Chromium.TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (reply.has("error")) {
                throw new IOException(method + " failed: " + reply.get("error"));
            }
            return reply.path("result");
        } catch (TimeoutException e) {
            throw new IOException(method + " got no answer within " + Chromium.TIMEOUT.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            throw new IOException(method + " failed", e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted in " + method, e);
        } finally {
            pending.remove(id);
        }
    }

    /** Hands every event from now on (a message with a method and no id) to {@code listener}. */
    void onEvent(Consumer<JsonNode> listener) {
        listeners.add(listener);
    }

    /** Stops handing events to {@code listener}. */
    void removeListener(Consumer<JsonNode> listener) {
        listeners.remove(listener);
    }

    private void received(String text) {
        JsonNode message;
        try {
            message = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            return; // not protocol: nothing waits on it
        }
        if (message.has("id")) {
            CompletableFuture<JsonNode> answer = pending.get(message.get("id").asInt());
            if (answer != null) {
                answer.complete(message);
            }
        } else if (message.has("method")) {
            listeners.forEach(listener -> listener.accept(message));
        }
    }

    private void lost(Throwable why) {
        pending.values().forEach(answer -> answer.completeExceptionally(why));
    }

    @Override
    public void close() {
        socket.abort();
        http.close();
    }

    /** Assembles the socket's text frames into messages (a large result comes in several) and passes them on. */
    private static final class Receiver implements WebSocket.Listener {

        private final StringBuilder partial = new StringBuilder();
        private DevTools owner;

        @Override
        public CompletionStage<?> onText(WebSocket socket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                String text = partial.toString();
                partial.setLength(0);
                owner.received(text);
            }
            socket.request(1);
            return null;
        }

        @Override
        public CompletionStage<?> onClose(WebSocket socket, int status, String reason) {
            owner.lost(new IOException("the browser closed the DevTools socket: " + status + " " + reason));
            return null;
        }

        @Override
        public void onError(WebSocket socket, Throwable error) {
            owner.lost(error);
        }
    }
}
