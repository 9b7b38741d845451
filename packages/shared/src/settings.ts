import { z } from 'zod';
import { defineSchema } from './define-schema';

// A member's look of the app (issue 30 item 5, decision 166): light, dark or the system's
// scheme, and one of three type sizes. Kept on the server so every device shows the same; a
// cookie copy lets the document be drawn in it before the first paint.

export const settingsMessages = {
  themeInvalid: '화면 테마는 라이트, 다크, 시스템 중에서 고르세요.',
  typeSizeInvalid: '글자 크기는 작게, 보통, 크게 중에서 고르세요.',
} as const;

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const TYPE_SIZES = ['small', 'medium', 'large'] as const;
export type TypeSize = (typeof TYPE_SIZES)[number];

export const DEFAULT_SETTINGS = { theme: 'light', type_size: 'medium' } as const satisfies { theme: Theme; type_size: TypeSize };

/** The root font size of each type size (14, 16 and 19 px of the browser's 16): Mantine's rem scale follows it. */
export const TYPE_SIZE_ROOT: Readonly<Record<TypeSize, string>> = { small: '87.5%', medium: '', large: '118.75%' };

/** The cookie the server and the document's head script read: `<theme>.<type size>`. */
export const LOOK_COOKIE = 'qbank_look';

export function lookCookieValue(settings: { theme: Theme; type_size: TypeSize }): string {
  return `${settings.theme}.${settings.type_size}`;
}

/** The look a cookie names, or null when it names none (absent, altered, an old format). */
export function parseLookCookie(value: string | undefined): { theme: Theme; type_size: TypeSize } | null {
  const [theme, typeSize] = (value ?? '').split('.');
  const knownTheme = THEMES.find((t) => t === theme);
  const knownSize = TYPE_SIZES.find((s) => s === typeSize);
  return knownTheme && knownSize ? { theme: knownTheme, type_size: knownSize } : null;
}

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
