import type { MemberRow } from '../db/schema';
import type { Dialect } from '../core/dialect';
import { createMember, createTestContext, loginCookie, type TestContext } from './harness';

/** A new member, signed in through the API: the row and the cookie header value for later calls. */
export async function signedInMember(t: TestContext, options?: Parameters<typeof createMember>[1]): Promise<{ member: MemberRow; cookie: string }> {
  const member = await createMember(t.db, options);
  return { member, cookie: await loginCookie(t.app, member.id) };
}

/**
 * A test app with a member and another one, both signed in: for what a member keeps to themself
 * (notes, strikes, highlights, marks), which the other must neither read nor change.
 */
export async function openWithMemberAndOther(dialect: Dialect): Promise<{ t: TestContext; member: MemberRow; cookie: string; otherCookie: string }> {
  const t = await createTestContext(dialect);
  const { member, cookie } = await signedInMember(t);
  return { t, member, cookie, otherCookie: (await signedInMember(t)).cookie };
}

/**
 * The three sides of a problem a student writes, all signed in: its author (a student), a reader
 * (another student) and a lead who reviews it.
 */
export async function authorReaderLead(t: TestContext): Promise<{ student: MemberRow; cookies: { student: string; reader: string; lead: string } }> {
  const { member: student, cookie } = await signedInMember(t);
  const reader = (await signedInMember(t)).cookie;
  const lead = (await signedInMember(t, { role: 'lead' })).cookie;
  return { student, cookies: { student: cookie, reader, lead } };
}
