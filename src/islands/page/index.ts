/** The page-level behaviours every page runs as one small module script (no React). */
import { watchConnection } from '../state/connection.ts';
import { installMissingHashWarning } from './missing-hash.ts';
import { installReloadGuard } from './reload-guard.ts';
import { installScrollRestoration } from './scroll-restore.ts';

installReloadGuard();
installScrollRestoration();
installMissingHashWarning();
watchConnection();
