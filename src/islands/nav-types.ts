/** A menu entry as the menu lists (MainNavList, SideMenuList) receive it: label, resolved link, children. */
export type NavLink = { label: string; href: string; newTab: boolean; current: boolean };
export type NavEntry = NavLink & { children: NavLink[] };
