import { z } from 'zod';
import { defineSchema } from './define-schema';
import { THEMES, TYPE_SIZES } from './look';

// A member's look of the app (issue 30 item 5, decision 166): light, dark or the system's
// scheme, and one of three type sizes. Kept on the server so every device shows the same; a
// cookie copy lets the document be drawn in it before the first paint.

export const settingsMessages = {
  themeInvalid: '화면 테마는 라이트, 다크, 시스템 중에서 고르세요.',
  typeSizeInvalid: '글자 크기는 작게, 보통, 크게 중에서 고르세요.',
} as const;

// The look's values without zod live in look.ts, for the web shell; they stay importable from here.
export { DEFAULT_SETTINGS, LOOK_COOKIE, lookCookieValue, parseLookCookie, THEMES, TYPE_SIZE_ROOT, TYPE_SIZES, type Theme, type TypeSize } from './look';
export const settingsSchema = defineSchema(() =>
  z.strictObject({
    theme: z.enum(THEMES, { error: settingsMessages.themeInvalid }),
    type_size: z.enum(TYPE_SIZES, { error: settingsMessages.typeSizeInvalid }),
  }),
);
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /v1/settings: both values. */
export const settingsRequestSchema = settingsSchema;
export const settingsResponseSchema = defineSchema(() => z.object({ settings: settingsSchema }));
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
