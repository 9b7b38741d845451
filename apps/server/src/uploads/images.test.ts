import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { PendingImages, decodeImageDataUrl, isUploadPath, linkInlineImages, uploadExists } from './images';
import { DiskStore } from '../storage/disk-store';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(20)]);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

function thrown(fn: () => unknown): AppError {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('problem images', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'qbank-images-'));
  const dir = path.join(root, 'uploads');
  mkdirSync(dir);
  const store = new DiskStore(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('decodes a supported image whatever type the data URL claims', () => {
    expect(decodeImageDataUrl(dataUrl(PNG), 'question_pic').equals(PNG)).toBe(true);
    expect(decodeImageDataUrl(dataUrl(GIF, 'application/octet-stream'), 'question_pic').equals(GIF)).toBe(true);
  });

  it('refuses HTML or SVG posing as an image (400) and anything over 5 MB (413), naming the field', () => {
    const html = thrown(() => decodeImageDataUrl(dataUrl(Buffer.from('<html><script>alert(1)</script></html>')), 'answer_pic'));
    expect(html).toMatchObject({ statusCode: 400, fields: { answer_pic: '이미지는 PNG, JPEG, GIF, WebP 형식만 올릴 수 있습니다.' } });
    expect(thrown(() => decodeImageDataUrl(dataUrl(Buffer.from('<svg onload="x()"/>'), 'image/svg+xml'), 'pic')).statusCode).toBe(400);
    expect(thrown(() => decodeImageDataUrl('data:image/png;base64,@@@@', 'pic')).statusCode).toBe(400);
    expect(thrown(() => decodeImageDataUrl('/uploads/a.png', 'pic')).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(thrown(() => decodeImageDataUrl(dataUrl(big), 'pic'))).toMatchObject({ statusCode: 413, message: '이미지는 한 장에 5MB 이하만 올릴 수 있습니다.' });
    const limit = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 - PNG.length)]);
    expect(decodeImageDataUrl(dataUrl(limit), 'pic').length).toBe(5 * 1024 * 1024);
  });

  it('accepts only the paths this server hands out', async () => {
    expect(isUploadPath(`/uploads/${'a'.repeat(64)}.png`)).toBe(true);
    for (const value of ['/uploads/../secret.png', '/uploads/a/b.png', 'uploads/a.png', '/uploads/.png', 'https://x/uploads/a.png', '/uploads/a.png?x']) {
      expect(isUploadPath(value), value).toBe(false);
    }
    expect(await uploadExists(store, '/uploads/none.png')).toBe(false);
  });

  it('checks every image before storing any, stores each content once, and links inline images', async () => {
    const pending = new PendingImages(store);
    pending.add(dataUrl(PNG), 'question_pic');
    expect(() => pending.add(dataUrl(Buffer.from('<html>')), 'answer_pic')).toThrow(AppError);
    expect(readdirSync(dir)).toEqual([]);

    const html = `<p>가<img src="${dataUrl(PNG)}" alt="a" /><img src="${dataUrl(GIF)}" /><img src="${dataUrl(PNG)}" /></p>`;
    pending.addInline(html, 'question');
    const links = await pending.storeAll();
    expect(readdirSync(dir).sort()).toHaveLength(2);
    const png = links.get(dataUrl(PNG))!;
    const gif = links.get(dataUrl(GIF))!;
    expect(png).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
    expect(gif).toMatch(/^\/uploads\/[0-9a-f]{64}\.gif$/);
    expect(await uploadExists(store, png)).toBe(true);
    expect(linkInlineImages(html, links)).toBe(`<p>가<img src="${png}" alt="a" /><img src="${gif}" /><img src="${png}" /></p>`);
  });
});
