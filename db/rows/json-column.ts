/** JSON columns are written only by our mappers, but a damaged file must not crash a read: fall back. */
export function parseJsonColumn<T>(text: string | null, fallback: T): T {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    // A corrupt cell reads as its default; the rest of the row stays usable.
    return fallback;
  }
}
