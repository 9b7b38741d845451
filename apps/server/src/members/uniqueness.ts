import type { DbOrTx } from '../core/db';
import { isUniqueViolation } from '../core/db';
import { conflict } from '../errors';
import { messages } from '../messages';
import { findUniqueFieldClashes } from './repository';

// Decision 122 (uniqueness): member id, school_no and e-mail are unique; a clash is a 409 whose
// message names the field. Sign-up and the admin's "add member" share this.

type UniqueField = 'id' | 'school_no' | 'email';
type UniqueValues = { id: string; school_no: string | null; email: string | null };

const clashMessages: Record<UniqueField, string> = {
  id: messages.duplicateId,
  school_no: messages.duplicateSchoolNo,
  email: messages.duplicateEmail,
};

function duplicateMemberError(fields: UniqueField[]) {
  const first = fields[0];
  const messageFields = Object.fromEntries(fields.map((field) => [field, clashMessages[field]]));
  return conflict(first ? clashMessages[first] : messages.duplicateGeneric, messageFields);
}

export async function assertUniqueMemberFields(db: DbOrTx, values: UniqueValues): Promise<void> {
  const clashes = await findUniqueFieldClashes(db, values);
  if (clashes.length > 0) throw duplicateMemberError(clashes);
}

/**
 * Runs a write after `assertUniqueMemberFields`: when two writes race past that check, the unique
 * index decides and the loser gets the same 409 as if the check had caught it.
 */
export async function withUniqueMemberFields<T>(db: DbOrTx, values: UniqueValues, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUniqueFieldClashes(db, values);
    throw duplicateMemberError(raced.length > 0 ? raced : ['id']);
  }
}
