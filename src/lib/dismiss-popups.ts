/**
 * How every <details> popup of the shell closes besides its own button: Escape (focus goes back
 * to its summary) or a click outside it. `openPopups` lists the ones open now. Returns a function
 * that stops listening.
 */
export function dismissPopups(openPopups: () => Iterable<HTMLDetailsElement>): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    for (const popup of openPopups()) {
      popup.open = false;
      popup.querySelector('summary')?.focus();
    }
  };
  const onClick = (event: MouseEvent) => {
    for (const popup of openPopups()) if (!popup.contains(event.target as Node)) popup.open = false;
  };
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick);
  return () => {
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onClick);
  };
}
