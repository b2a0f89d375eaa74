/**
 * Whether JSON writes a value faithfully, so that its JSON text can stand for it as a key:
 * strings, finite numbers, booleans, null, and arrays and plain objects of them (a property may be
 * undefined: JSON leaves it out, as if it were absent). A Map, a Date, a function or NaN would
 * collapse into text that other values share.
 */
export function isPlainData(value: unknown, inArray = false): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === undefined) return !inArray;
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.every((item) => isPlainData(item, true));
  const prototype: unknown = Object.getPrototypeOf(value);
  return (prototype === Object.prototype || prototype === null) && Object.values(value).every((item) => isPlainData(item));
}
