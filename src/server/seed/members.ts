/** The demo member of each site (username demo) and 30 days of visit counts. */
import { hashPassword } from '../auth/password.ts';
import { addDays, CREATED_AT, type SeedContext } from './context.ts';
import { BASE_DATE, DEMO_USER, type SiteSpec } from './site-data.ts';

/** scrypt is slow on purpose; the same (password, salt) pair is hashed once per process. */
const hashes = new Map<string, string>();

function demoHash(salt: Uint8Array): string {
  const key = Buffer.from(salt).toString('hex');
  let hash = hashes.get(key);
  if (!hash) {
    hash = hashPassword(DEMO_USER.password, salt);
    hashes.set(key, hash);
  }
  return hash;
}

export async function seedMembers(ctx: SeedContext, site: SiteSpec): Promise<void> {
  const salt = Uint8Array.from({ length: 16 }, () => ctx.random.int(0, 255));
  await ctx.insert('users', {
    site_id: site.id,
    user_name: DEMO_USER.userName,
    email: `demo@${site.sld}.example.org`,
    // the demo's address counts as proven, so it logs in as a registered address would
    verified_email: `demo@${site.sld}.example.org`,
    mobile_no: `138${String(10000000 + site.id * 1111111).slice(0, 8)}`,
    password_hash: demoHash(salt),
    name: '演示用户',
    region: '北京',
    major: '材料科学',
    institution: '北京科技大学',
    research_field: '金属材料',
    gender: 'female',
    created_at: CREATED_AT,
  });
  for (let day = 29; day >= 0; day--) {
    await ctx.add('visit_counters', {
      site_id: site.id,
      day: addDays(BASE_DATE, -day),
      count: ctx.random.int(80, 2400),
    });
  }
}
