package dev.hookline.server.testing;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hookline.api.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 spoken by hand over a {@link Socket}, for what no HTTP client will send: malformed request lines,
 * framing and sizes. The request is written from another thread, so a server that answers (and closes) before the
 * whole request is sent is read all the same.
 */
public final class RawHttp {

    /** One answer: the status, the headers (lower-case names) and the body. */
    public record Answer(int status, Map<String, String> headers, byte[] body) {
        public String contentType() {
            return headers.getOrDefault("content-type", "");
        }

        public JsonNode json() throws IOException {
            return Json.lenient().readTree(body);
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    private RawHttp() {
    }

    public static Socket connect(int port) throws IOException {
        Socket socket = new Socket();
        socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        // generous: a loaded 2-core machine (CI beside other builds) once took over 10 s to answer a first request;
        // a server that never answers still fails the test
        socket.setSoTimeout(30_000);
        return socket;
    }

    /** Sends {@code request} on a new connection and reads one answer. */
    public static Answer exchange(int port, byte[] request) throws IOException {
        try (Socket socket = connect(port)) {
            OutputStream out = socket.getOutputStream();
            Thread writer = Thread.ofVirtual().start(() -> {
                try {
                    out.write(request);
                    out.flush();
                } catch (IOException ignored) {
                    // the server answered and closed before reading everything: the answer is what counts
                }
            });
            try {
                return read(socket.getInputStream());
            } finally {
                writer.interrupt();
            }
        }
    }

    public static Answer exchange(int port, String request) throws IOException {
        return exchange(port, request.getBytes(StandardCharsets.ISO_8859_1));
    }

    /** Reads one answer (Content-Length framed, or to the end of the stream). */
    public static Answer read(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int lastFour = 0;
        while (lastFour != 0x0D0A0D0A) {
            int b = in.read();
            if (b < 0) {
                throw new SocketException("connection closed before an answer (read: " + head + ")");
            }
            head.write(b);
            lastFour = (lastFour << 8) | b;
        }
        String[] lines = head.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT),
                        lines[i].substring(colon + 1).trim());
            }
        }
        String length = headers.get("content-length");
        byte[] body = length != null ? in.readNBytes(Integer.parseInt(length)) : in.readAllBytes();
        return new Answer(status, headers, body);
    }

    /** True when the server closed the connection (end of stream or reset) within the socket's read timeout. */
    public static boolean closedByServer(Socket socket) {
        try {
            return socket.getInputStream().read() < 0;
        } catch (SocketException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
