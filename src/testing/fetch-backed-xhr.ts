import { vi } from 'vitest';

/**
 * An XMLHttpRequest that goes through `fetch`, so the fetch stub (fetch-stub.ts) answers and records
 * the uploads that use XHR for their progress: a request's body is sent whole, with one progress
 * event before the answer. `install()` puts it in place of jsdom's for the test (vi.unstubAllGlobals).
 */
export class FetchBackedXhr {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers = new Headers();
  private controller = new AbortController();

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  abort() {
    this.controller.abort();
  }

  send(body?: Blob | string | null) {
    const size = body instanceof Blob ? body.size : (body?.length ?? 0);
    this.upload.onprogress?.({ loaded: Math.floor(size / 2), total: size });
    fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body: body ?? null,
      signal: this.controller.signal,
    }).then(
      async (response) => {
        this.upload.onprogress?.({ loaded: size, total: size });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => (this.controller.signal.aborted ? this.onabort?.() : this.onerror?.()),
    );
  }

  static install() {
    vi.stubGlobal('XMLHttpRequest', FetchBackedXhr);
  }
}
