import { vi } from 'vitest';

export interface StubbedRequest {
  url: string;
  method: string;
  body: unknown;
  headers: Headers;
}

export function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Stubs the network at the fetch level only, so the real API client (base URL, headers, error
 * handling) runs. The handler answers each request; `requests` records what was sent.
 */
export function stubFetch(handler: (request: StubbedRequest) => Response | Promise<Response>) {
  const requests: StubbedRequest[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const raw = init?.body;
    const request: StubbedRequest = {
      url,
      method,
      body: typeof raw === 'string' && raw ? (JSON.parse(raw) as unknown) : raw,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    return handler(request);
  });
  return { spy, requests };
}
