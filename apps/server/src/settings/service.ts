import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '@qbank/shared/settings';
import type { AppContext } from '../core/context';
import { findSettings, saveSettings } from './repository';

// A member's theme and type size (issue 30 item 5, decision 166).

export async function getSettings(ctx: AppContext, memberCode: number): Promise<Settings> {
  const row = await findSettings(ctx.db, memberCode);
  // A value this code no longer knows (a row from a newer version) reads as the default.
  const parsed = row ? settingsSchema.safeParse(row) : null;
  return parsed?.success ? parsed.data : { ...DEFAULT_SETTINGS };
}

export async function setSettings(ctx: AppContext, memberCode: number, settings: Settings): Promise<Settings> {
  await saveSettings(ctx.db, memberCode, settings);
  return getSettings(ctx, memberCode);
}
