/** A menu entry as the islands receive it: label, resolved link, children. */
export type NavLink = { label: string; href: string; newTab: boolean; current: boolean };
export type NavEntry = NavLink & { key: string; children: NavLink[] };
