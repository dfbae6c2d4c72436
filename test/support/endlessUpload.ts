import http from 'node:http';

export interface EndlessUploadOutcome {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Record<string, unknown>;
  /** Bytes of body written before the server closed the connection. */
  readonly sentBytes: number;
}

/**
 * POSTs a body that never ends (Transfer-Encoding: chunked, `opening` then `filler` chunks for as long as the socket
 * takes them) and resolves once the server has answered AND closed the connection ('end' or 'close' on the socket);
 * rejects when the server keeps the connection open `timeoutMs` after its answer (or never answers), saying how much
 * was sent. A raw node:http request asking to keep the connection alive, so nothing in between buffers, retries or
 * closes the connection but the server.
 */
export function endlessUpload(
  url: string,
  options: { headers: Record<string, string>; opening?: Buffer; filler?: Buffer; timeoutMs?: number },
): Promise<EndlessUploadOutcome> {
  const filler = options.filler ?? Buffer.alloc(64 * 1024, 0x61);
  const timeoutMs = options.timeoutMs ?? 20_000;
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let stopped = false;
    let answer: Omit<EndlessUploadOutcome, 'sentBytes'> | undefined;
    let closed = false;
    // Keep-alive, as browsers and curl ask: without an agent, Node would ask the server to close the connection itself.
    const headers = { ...options.headers, 'Transfer-Encoding': 'chunked', Connection: 'keep-alive' };
    const request = http.request(url, { method: 'POST', agent: false, headers });
    const finish = () => {
      if (!answer || !closed || stopped) return;
      stopped = true;
      clearTimeout(timer);
      resolve({ ...answer, sentBytes });
    };
    const timer = setTimeout(() => {
      stopped = true;
      request.destroy();
      reject(
        new Error(
          answer
            ? `the server answered ${answer.status} but kept the connection open ${timeoutMs} ms, reading ${sentBytes} bytes`
            : `no answer in ${timeoutMs} ms (${sentBytes} bytes sent)`,
        ),
      );
    }, timeoutMs);
    const write = (chunk: Buffer): boolean => {
      sentBytes += chunk.byteLength;
      return request.write(chunk);
    };
    const pump = () => {
      while (!stopped && !closed && request.writable) {
        if (!write(filler)) {
          request.once('drain', pump);
          return;
        }
      }
    };
    request.on('socket', (socket) => {
      const onClosed = () => {
        closed = true;
        finish();
      };
      socket.once('end', onClosed);
      socket.once('close', onClosed);
    });
    let responded = false;
    request.on('response', (response) => {
      responded = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      // 'end', or 'close' for an answer cut short (its body then fails to parse and says so).
      const read = () => {
        if (answer) return;
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          body = { unparsed: text };
        }
        answer = { status: response.statusCode ?? 0, headers: response.headers, body };
        finish();
      };
      response.on('end', read);
      response.on('close', read);
    });
    // Writing into a connection the server closed fails (EPIPE, ECONNRESET): expected once it has answered.
    request.on('error', (error) => {
      closed = true;
      if (responded || stopped) return finish();
      stopped = true;
      clearTimeout(timer);
      reject(new Error(`the connection failed before an answer (${sentBytes} bytes sent): ${error.message}`));
    });
    if (options.opening) write(options.opening);
    pump();
  });
}
