/** The header's stateless behaviours: the fixed header (when the site asks for it) and every horizontal menu. */
import { installFixedHeader } from './fixed-header.ts';
import { installMainNav } from './main-nav.ts';

const header = document.getElementById('site-header');
if (header?.dataset['ceiling'] === 'true') installFixedHeader(header);
for (const nav of document.querySelectorAll<HTMLElement>('.main-nav')) installMainNav(nav);
