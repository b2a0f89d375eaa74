/** Author names as CSL names: Chinese names stay whole, Latin names are split into family and given. */
import type { CslName } from '@citation-js/core';

export const HAN = /\p{Script=Han}/u;

/** familyFirst: the name is the pinyin of a Chinese name, written family name first */
export function cslName(name: string, familyFirst = false): CslName {
  const text = name.trim().replace(/\s+/g, ' ');
  if (HAN.test(text)) return { literal: text.replace(/\s+/g, '') };
  const comma = text.indexOf(',');
  if (comma > 0) return latin(text.slice(0, comma), text.slice(comma + 1));
  const parts = text.split(' ');
  if (parts.length === 1) return { family: text };
  const first = parts[0] ?? '';
  // Chinese names in Latin letters are written family first in capitals: ZHANG Sanfeng
  const capitals = first.length > 1 && first === first.toUpperCase() && /\p{L}/u.test(first);
  if (familyFirst || capitals) return latin(first, parts.slice(1).join(' '));
  return latin(parts.at(-1) ?? '', parts.slice(0, -1).join(' '));
}

/** 'Family, Given' as reference managers read it from RIS and the tagged formats; a Chinese name whole. */
export function invertedName(name: string, familyFirst = false): string {
  const parts = cslName(name, familyFirst);
  if (parts.literal) return parts.literal;
  return [parts.family, parts.given].filter(Boolean).join(', ');
}

function latin(family: string, given: string): CslName {
  const trimmedGiven = given.trim();
  const name: CslName = { family: titleCase(family.trim()) };
  if (trimmedGiven) name.given = trimmedGiven;
  return name;
}

/** Capitals-only family names read as ordinary words, so each style applies its own case. */
function titleCase(family: string): string {
  if (family !== family.toUpperCase()) return family;
  return family
    .toLowerCase()
    .replace(/(^|[\s'-])(\p{L})/gu, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}
