/** Cookie writes in one place (the Cookie Store API is not yet in every browser the portal supports). */

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: cookieStore is missing in older Safari and Firefox
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAgeSeconds}; samesite=lax`;
}

export function deleteCookie(name: string): void {
  setCookie(name, '', 0);
}
