/**
 * Web storage that throws on access is replaced by an in-memory stand-in, before any other module
 * reads it. Browsers that block third-party storage (Safari, Firefox strict, Chromium with
 * third-party cookies off) throw a SecurityError from the mere `window.localStorage` getter in a
 * frame on another site: the cause embed framed by an NGO's website. Without this the whole app
 * stops at its first `localStorage` read; with it, the embed runs as a visitor who stores nothing.
 * Imported first by main.tsx (module bodies run in import order).
 */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(String(key)) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(String(key)),
    setItem: (key, value) => void items.set(String(key), String(value)),
  };
}

export function guardWebStorage(target: Window = window): string[] {
  const replaced: string[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      void target[name];
    } catch {
      Object.defineProperty(target, name, { value: memoryStorage(), configurable: true });
      replaced.push(name);
    }
  }
  return replaced;
}

if (typeof window !== 'undefined') guardWebStorage();
