// What this browser keeps of the games it played (localStorage), for the
// lobby's "Your games" and every page's count of the games waiting for you.

export const GAMES_KEY = "bohn.games";

export function stored(key, fallback) {
  try {
    const v = localStorage.getItem(key);
    return v === null ? fallback : JSON.parse(v);
  } catch {
    return fallback;
  }
}

export function keep(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage off: the page still works, it forgets on reload
  }
}

/** The games this browser created or joined, newest first: {id, seat, url, title, ...}. */
export function myGames() {
  const list = stored(GAMES_KEY, []);
  return Array.isArray(list) ? list.filter((g) => g && g.id && g.url) : [];
}
