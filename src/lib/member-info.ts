/** What the member info call answers: the server's response schema, and the personal centre's type of it. */
import { z } from 'zod';

export const memberInfoSchema = z.object({
  id: z.number().int(),
  siteId: z.number().int(),
  userName: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  mobileNo: z.string().nullable(),
  region: z.string().nullable(),
  major: z.string().nullable(),
  institution: z.string().nullable(),
  researchField: z.string().nullable(),
  gender: z.enum(['male', 'female']).nullable(),
  headPictureUrl: z.string().nullable(),
  createdAt: z.string(),
  /** docs/product-rules.md#account-rules: a password older than 3 months should be changed */
  passwordChangeDue: z.boolean(),
});

export type MemberInfo = z.infer<typeof memberInfoSchema>;
