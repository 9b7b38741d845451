import type { FastifyBaseLogger } from 'fastify';
import { AUTHORITY } from '@qbank/shared/roles';
import { hashPassword } from '../core/password';
import type { Config } from '../env';
import { findMemberById, insertMember } from './repository';
import type { Db } from '../core/db';

// ADMIN_ID/ADMIN_PASSWORD create a superadmin at start when that id does not exist yet.
// An existing member is left alone: the environment never silently resets a password.
export async function ensureBootstrapAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  if (!config.admin) return;
  if (await findMemberById(db, config.admin.id)) return;
  await insertMember(db, {
    id: config.admin.id,
    name: config.admin.id,
    nickname: config.admin.id,
    email: null,
    school_no: null,
    password_hash: await hashPassword(config.admin.password),
    grad_year: null,
    grade: null,
    authority: AUTHORITY.superadmin,
    validated: 1,
  });
  log.info({ id: config.admin.id }, 'superadmin created from ADMIN_ID');
}
