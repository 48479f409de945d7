/**
 * What a property list holds once decoded, whichever of its two encodings (binary `bplist00` or XML) it came
 * in. Dictionaries are Maps so that a hostile key such as `__proto__` stays an ordinary key.
 */
export type PlistValue = string | number | boolean | Date | Uint8Array | null | PlistValue[] | PlistDict;
export type PlistDict = Map<string, PlistValue>;

/** A plist that cannot be decoded; `reason` says why in words a scan log can show. */
export class PlistFormatError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PlistFormatError';
  }
}

export function isPlistDict(value: PlistValue | undefined): value is PlistDict {
  return value instanceof Map;
}
