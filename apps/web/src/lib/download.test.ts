import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../testing/fetch-mock';
import { stubDownloads } from '../testing/download-stub';
import { ApiRequestError } from './api-client';
import { downloadFile, fileNameFromDisposition } from './download';

describe('fileNameFromDisposition', () => {
  it('prefers the UTF-8 filename* over filename', () => {
    const header = `attachment; filename="exam-2026-3-q.docx"; filename*=UTF-8''${encodeURIComponent('2026_해부학_중간고사_문제만.docx')}`;
    expect(fileNameFromDisposition(header)).toBe('2026_해부학_중간고사_문제만.docx');
  });

  it('reads filename* before filename whatever their order, with a language tag and any case', () => {
    expect(fileNameFromDisposition(`attachment; FILENAME*=utf-8'ko'%ED%95%B4%EB%B6%80.docx; filename="a.docx"`)).toBe('해부.docx');
  });

  it('falls back to a quoted or bare filename', () => {
    expect(fileNameFromDisposition('attachment; filename="exam 1 \\"final\\".docx"')).toBe('exam 1 "final".docx');
    expect(fileNameFromDisposition('attachment; filename=exam.docx')).toBe('exam.docx');
  });

  it('uses filename when filename* is malformed or in another charset', () => {
    expect(fileNameFromDisposition(`attachment; filename="a.docx"; filename*=UTF-8''%E0%A4%A`)).toBe('a.docx');
    expect(fileNameFromDisposition(`attachment; filename="a.docx"; filename*=ISO-8859-1''%E9t%E9.docx`)).toBe('a.docx');
  });

  it('names nothing without a header or a name in it', () => {
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition('')).toBeNull();
    expect(fileNameFromDisposition('attachment')).toBeNull();
  });
});

describe('downloadFile', () => {
  it('GETs the path with the session cookie and saves the body under the header name', async () => {
    const fetch = mockFetch({
      'GET /v1/test/3/export': () =>
        new Response(new Uint8Array([0x50, 0x4b, 3, 4]), { status: 200, headers: { 'Content-Disposition': `attachment; filename*=UTF-8''%ED%95%B4.docx` } }),
    });
    const { saved, blobs } = stubDownloads();
    await expect(downloadFile('/v1/test/3/export?format=docx&mode=q', 'fallback.docx')).resolves.toBe('해.docx');
    expect(fetch).toHaveBeenCalledWith('/v1/test/3/export?format=docx&mode=q', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(saved).toEqual(['해.docx']);
    expect(blobs[0]?.size).toBe(4);
  });

  it('uses the supplied name when the header names none', async () => {
    mockFetch({ 'GET /v1/file': () => new Response('x', { status: 200 }) });
    const { saved } = stubDownloads();
    await downloadFile('/v1/file', 'exam-3-q.docx');
    expect(saved).toEqual(['exam-3-q.docx']);
  });

  it("fails with the server's message and saves nothing", async () => {
    mockFetch({ 'GET /v1/file': () => json(404, { message: '시험을 찾을 수 없습니다.', code: 'NOT_FOUND' }) });
    const { saved } = stubDownloads();
    const error = await downloadFile('/v1/file', 'x.docx').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('시험을 찾을 수 없습니다.');
    expect((error as ApiRequestError).status).toBe(404);
    expect(saved).toEqual([]);
  });

  it('says the server cannot be reached when the request does not go out', async () => {
    mockFetch({ 'GET /v1/file': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(downloadFile('/v1/file', 'x.docx')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
