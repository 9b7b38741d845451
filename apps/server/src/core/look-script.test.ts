import { describe, expect, it } from 'vitest';
import { runInNewContext } from 'node:vm';
import { LOOK_SCRIPT } from '@qbank/shared/look-script';
import { lookScriptHash } from './look-script';

// The look script runs in the document before anything else (decision 166): run it here on a
// stand-in document with each cookie and see what it puts on <html>.
function run(cookie: string, systemDark = false) {
  const attributes: Record<string, string> = {};
  const style: Record<string, string> = {};
  const documentElement = { setAttribute: (name: string, value: string) => void (attributes[name] = value), style };
  const matchMedia = () => ({ matches: systemDark });
  runInNewContext(LOOK_SCRIPT, { document: { cookie, documentElement }, window: { matchMedia }, matchMedia });
  return {
    scheme: attributes['data-mantine-color-scheme'],
    theme: attributes['data-qbank-theme'],
    size: attributes['data-type-size'],
    fontSize: style.fontSize,
  };
}

describe('the look script', () => {
  it('draws the member’s theme and type size from the look cookie', () => {
    expect(run('token=x; qbank_look=dark.large')).toEqual({ scheme: 'dark', theme: 'dark', size: 'large', fontSize: '118.75%' });
    expect(run('qbank_look=light.small; other=1')).toEqual({ scheme: 'light', theme: 'light', size: 'small', fontSize: '87.5%' });
    expect(run('qbank_look=system.medium', true)).toMatchObject({ scheme: 'dark', theme: 'system', fontSize: '' });
    expect(run('qbank_look=system.medium', false)).toMatchObject({ scheme: 'light', theme: 'system' });
  });

  it('falls back to light and medium for a missing or altered cookie', () => {
    for (const cookie of ['', 'qbank_look=dark', 'qbank_look=neon.large', 'xqbank_look=dark.large', 'qbank_look=dark.large"><script>']) {
      expect(run(cookie), cookie).toEqual({ scheme: 'light', theme: 'light', size: 'medium', fontSize: '' });
    }
  });

  it('is allowed by its hash', () => {
    expect(lookScriptHash()).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});
