/** docs/product-rules.md#scroll-and-hash: a '#hash' that names no element logs a warning (a bad hash must not throw). */

function hashTarget(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

function check(): void {
  const id = hashTarget(location.hash);
  if (id === null || document.getElementById(id) || document.getElementsByName(id).length > 0) return;
  console.warn(`[page] no element matches #${id}`);
}

export function installMissingHashWarning(): void {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', check, { once: true });
  else check();
  window.addEventListener('hashchange', check);
}
