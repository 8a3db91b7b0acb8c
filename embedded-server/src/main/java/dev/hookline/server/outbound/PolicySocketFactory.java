package dev.hookline.server.outbound;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import javax.net.SocketFactory;

/**
 * Plain sockets whose {@code connect} checks the address against a {@link DestinationPolicy} first: a refused
 * destination throws {@link DestinationRefusedException} before any packet is sent. OkHttp connects every route (each
 * address a name resolved to, on every retry) through here, and TLS is layered on the connected socket, so the check
 * holds for http and https alike (ADR 0039).
 */
public final class PolicySocketFactory extends SocketFactory {

    private final DestinationPolicy policy;

    public PolicySocketFactory(DestinationPolicy policy) {
        this.policy = policy;
    }

    @Override
    public Socket createSocket() {
        return new CheckedSocket(policy);
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    /** A checked socket bound to {@code local} (null: any) and connected to {@code remote}. */
    private Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
        Socket socket = createSocket();
        if (local != null) {
            socket.bind(local);
        }
        socket.connect(remote);
        return socket;
    }

    private static final class CheckedSocket extends Socket {
        private final DestinationPolicy policy;

        CheckedSocket(DestinationPolicy policy) {
            this.policy = policy;
        }

        @Override
        public void connect(SocketAddress endpoint, int timeout) throws IOException {
            if (endpoint instanceof InetSocketAddress inet) {
                InetAddress address = inet.getAddress();
                if (address == null) {
                    // unresolved: resolve here, so the address judged is the address connected to
                    address = InetAddress.getByName(inet.getHostString());
                    endpoint = new InetSocketAddress(address, inet.getPort());
                }
                String refused = policy.refusal(address);
                if (refused != null) {
                    close();
                    throw new DestinationRefusedException(refused);
                }
            }
            super.connect(endpoint, timeout);
        }
    }
}
