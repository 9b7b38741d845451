import { REMINDER_DAYS } from '@qbank/shared/exam-dates';
import type { Db } from '../core/db';
import { insertNotifications } from '../notifications/repository';
import { addDays, koreanDay } from './memory';
import { examDateServerMessages as m } from './messages';
import { claimReminder, listExamsOn, listGradeMembers } from './repository';

/**
 * Tells members of the exams a week and a day away (a leased job, jobs/scheduler.ts). Each
 * (exam, days before) is claimed with an insert that only one caller wins, in the same transaction
 * as its notifications, so a reminder is sent once even when two processes run the job. A
 * published exam tells its grade's approved members; a private one, its owner.
 */
export async function sendExamReminders(db: Db, now: Date): Promise<number> {
  const today = koreanDay(now);
  let sent = 0;
  for (const days of REMINDER_DAYS) {
    for (const exam of await listExamsOn(db, addDays(today, days))) {
      sent += await db.transaction().execute(async (trx) => {
        if (!(await claimReminder(trx, exam.code, days))) return 0;
        const members = exam.grade === null ? [exam.owner_code] : await listGradeMembers(trx, exam.grade);
        await insertNotifications(
          trx,
          members.map((member) => ({ member_code: member, kind: 'exam_reminder' as const, detail: m.reminder(days, exam.title) })),
        );
        return members.length;
      });
    }
  }
  return sent;
}
