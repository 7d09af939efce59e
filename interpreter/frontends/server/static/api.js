// The server's protocol: JSON over HTTP (/api/...) and the table's WebSocket (/ws/tables/{id}).

/** An error answer of the server: {status, code, message}. */
export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** Call the HTTP API; the decoded JSON, or an ApiError. */
export async function api(method, path, { body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw new ApiError(0, "offline", `cannot reach the server (${error.message})`);
  }
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const error = data.error || {};
    throw new ApiError(response.status, error.code || "error", error.message || response.statusText);
  }
  return data;
}

/** A table's WebSocket that reconnects by itself; `onMessage(msg)`, `onStatus("live"|"lost")`. */
export function connect(table, token, onMessage, onStatus) {
  let socket = null;
  let closed = false;
  let delay = 500;
  const url = () => {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const query = token ? `?token=${encodeURIComponent(token)}` : "";
    return `${scheme}://${location.host}/ws/tables/${encodeURIComponent(table)}${query}`;
  };
  const open = () => {
    socket = new WebSocket(url());
    socket.onopen = () => {
      delay = 500;
      onStatus("live");
    };
    socket.onmessage = (event) => {
      try {
        onMessage(JSON.parse(event.data));
      } catch (error) {
        console.error("bad message", error);
      }
    };
    socket.onclose = () => {
      if (closed) return;
      onStatus("lost");
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  };
  open();
  return {
    close() {
      closed = true;
      if (socket) socket.close();
    },
  };
}
