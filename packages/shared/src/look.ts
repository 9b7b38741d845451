// A member's look of the app (issue 30 item 5, decision 166): its themes and type sizes, the
// look cookie and the root font size of each size. Without zod, unlike settings.ts (which
// re-exports these beside the schemas): the web shell reads the look before its first render
// (apps/web/src/settings/look.ts), and importing settings.ts there put zod in the shell's entry
// chunk, over the first screen's JS budget (bench/web-assets.mjs).

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
