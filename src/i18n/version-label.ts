import type { Lang } from '../lib/lang.ts';
import { dictionary } from './index.ts';

/**
 * docs/product-rules.md#version-labels: -1 accepted, 0 nothing, 1..10 the proof priorities,
 * any other number 'Corrected Proof'.
 */
export function versionLabel(version: number, lang: Lang): string {
  const labels = dictionary(lang).pages.version;
  if (version === 0) return '';
  if (version === -1) return labels.accepted;
  if (Number.isInteger(version) && version >= 1 && version <= 10)
    return labels.priorities[version - 1] ?? labels.corrected;
  return labels.corrected;
}
