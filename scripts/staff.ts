/**
 * `npm run staff -- <command>`: the editors' console's staff accounts, from the shell.
 *   add     --email a@b.org --role admin|editor [--sites sld1,sld2]
 *           the password is read from stdin when it is piped; on a terminal a random one is
 *           generated and printed here, and nowhere else
 *   list
 *   grant   --email a@b.org --sites sld1,sld2
 *   revoke  --email a@b.org [--sites sld1]   (no --sites: disables the account, ends its sessions)
 * Every change is in the audit log with the actor 'shell'.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN } from '../src/lib/staff-password.ts';
import { hashPassword } from '../src/server/auth/password.ts';
import { loadConfig } from '../src/server/config.ts';
import { recordAudit, SHELL_ACTOR } from '../src/server/store/audit.ts';
import { closeStore, openStore } from '../src/server/store/open-store.ts';
import { createStaff, grantSites, listStaff, revokeStaff, STAFF_ROLES } from '../src/server/store/staff.ts';
import { setUsage } from './cli.ts';

const USAGE =
  'usage: npm run staff -- add --email <e-mail> --role admin|editor [--sites sld1,sld2] | list | grant --email <e-mail> --sites … | revoke --email <e-mail> [--sites …]';
setUsage(USAGE);

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { email: { type: 'string' }, role: { type: 'string' }, sites: { type: 'string' } },
});
const slds = z.array(z.string().regex(/^[a-z0-9-]{1,63}$/));
const args = z
  .object({
    command: z.enum(['add', 'list', 'grant', 'revoke']),
    email: z.email().max(254).optional(),
    role: z.enum(STAFF_ROLES).optional(),
    sites: slds,
  })
  .safeParse({
    command: positionals[0],
    email: values.email,
    role: values.role,
    sites: values.sites
      ? values.sites
          .split(',')
          .map((sld) => sld.trim())
          .filter(Boolean)
      : [],
  });
if (!args.success) {
  console.error(
    args.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n'),
  );
  console.error(USAGE);
  process.exit(2);
}
const a = args.data;
const db = await openStore(loadConfig().databasePath);
const now = new Date();

async function stdinText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** The password piped in (its first line), else a generated one that only this terminal sees. */
async function password(): Promise<{ value: string; generated: boolean }> {
  if (!process.stdin.isTTY) {
    const value = (await stdinText()).split(/\r?\n/)[0] ?? '';
    if (value.length < STAFF_PASSWORD_MIN || value.length > STAFF_PASSWORD_MAX)
      throw new Error(`the password must be ${STAFF_PASSWORD_MIN} to ${STAFF_PASSWORD_MAX} characters long`);
    return { value, generated: false };
  }
  return { value: randomBytes(18).toString('base64url'), generated: true };
}

function need<T>(value: T | undefined, flag: string): T {
  if (value === undefined) throw new Error(`${a.command} needs ${flag}\n${USAGE}`);
  return value;
}

try {
  if (a.command === 'list') {
    for (const staff of await listStaff(db)) {
      const sites = staff.role === 'admin' ? 'all sites' : staff.sites.join(',') || '(no sites)';
      console.log(`${staff.email}\t${staff.role}\t${sites}${staff.disabled ? '\t(disabled)' : ''}`);
    }
  } else if (a.command === 'add') {
    const email = need(a.email, '--email');
    const role = need(a.role, '--role');
    const secret = await password();
    const staff = await createStaff(db, { email, passwordHash: hashPassword(secret.value), role, sites: a.sites }, now);
    console.log(`created ${staff.role} ${staff.email}${staff.sites.length ? ` for ${staff.sites.join(',')}` : ''}`);
    if (secret.generated) console.log(`password (shown once): ${secret.value}`);
  } else {
    const email = need(a.email, '--email');
    if (a.command === 'grant' && a.sites.length === 0) throw new Error(`grant needs --sites\n${USAGE}`);
    const before = (await listStaff(db)).find((staff) => staff.email === email.toLowerCase());
    const after =
      a.command === 'grant' ? await grantSites(db, email, a.sites) : await revokeStaff(db, email, a.sites, now);
    await recordAudit(
      db,
      { siteId: null, actor: SHELL_ACTOR, action: `staff.${a.command}`, target: email, before, after },
      now,
    );
    console.log(`${email}: ${after?.disabled ? 'disabled' : after?.sites.join(',') || '(no sites)'}`);
  }
} finally {
  await closeStore(db);
}
