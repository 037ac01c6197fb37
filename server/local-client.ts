import http from 'node:http';

/*
 * A tiny HTTP client for tests and local tools: sends the Host header a browser would send for
 * <slug>.localhost (Node does not resolve *.localhost here, so requests go to 127.0.0.1).
 */

/** A response as tests read it. */
export interface TestResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json: any;
}

/**
 * Sends one request to a local server with a given Host.
 * @param port server port
 * @param host Host header (e.g. `alpha-motors.localhost:1234`)
 * @param path path and query
 * @param init method, headers and body (objects are sent as JSON)
 */
export function request(
  port: number,
  host: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<TestResponse> {
  return new Promise((resolve, reject) => {
    const payload = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        // A connection per request. Node's global agent keeps sockets alive, and a request sent on
        // an idle one just as the server's keep-alive timeout (5 s) closes it fails with "socket
        // hang up" (a reserve test in CI: a request after five seconds of browser steps).
        agent: false,
        path,
        method: init.method ?? (payload === undefined ? 'GET' : 'POST'),
        headers: {
          host,
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const text = body.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
