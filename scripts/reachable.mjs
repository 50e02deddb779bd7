// Whether something accepts TCP connections on host:port. Plain JavaScript: the launcher and the preflight check run
// it without a compiler; tests and specs import it too.
import net from "node:net";

export function reachable(host, port, timeoutMs = 3000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: timeoutMs });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
    socket.once("error", () => resolve(false));
  });
}
