/** Footer and header fields: empty, 'null' and 'undefined' strings count as missing (docs/product-rules.md#footer). */
export function present(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  return text === '' || text === 'null' || text === 'undefined' ? null : text;
}

/** The first present value. */
export function firstPresent(...values: (string | null | undefined)[]): string | null {
  for (const value of values) {
    const text = present(value);
    if (text) return text;
  }
  return null;
}
