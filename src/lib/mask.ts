/** docs/product-rules.md#login-state: the 4 characters standing 8 to 4 from the end of a user name become asterisks. */
export function maskUserName(name: string): string {
  const chars = [...name];
  const end = chars.length - 4;
  const start = chars.length - 8;
  if (end <= 0) return name;
  return [...chars.slice(0, Math.max(start, 0)), '****', ...chars.slice(end)].join('');
}
