// What the pages' modules read of the browser when they load, for Node's test
// runner: the address (its ?lang=) and the browser's storage.
export function browserAt(url) {
  globalThis.location = new URL(url);
  const kept = new Map();
  globalThis.localStorage = {
    getItem: (k) => (kept.has(k) ? kept.get(k) : null),
    setItem: (k, v) => kept.set(k, String(v)),
    removeItem: (k) => kept.delete(k),
  };
}
