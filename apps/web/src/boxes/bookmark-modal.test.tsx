import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, type FetchHandler } from '../testing/fetch-mock';
import { renderElement } from '../testing/render';
import { BookmarkButton } from './bookmark-button';
import { boxListBody, boxRow } from '../testing/fixtures/boxes';

/** A small in-memory box server: which problems each box holds. */
function boxServer(initial: Record<number, { name: string; problems: number[] }>, overrides: Record<string, FetchHandler> = {}) {
  const boxes = new Map(Object.entries(initial).map(([code, box]) => [Number(code), { ...box, problems: new Set(box.problems) }]));
  const list: FetchHandler = ({ url }) =>
    json(
      200,
      boxListBody(
        url,
        [...boxes].map(([code, box]) => ({
          row: boxRow({ code, box_name: box.name, problem_count: box.problems.size }),
          holds: (uid) => box.problems.has(uid),
        })),
      ),
    );
  const handlers: Record<string, FetchHandler> = {
    'GET /v1/box': list,
    'POST /v1/box': ({ init }) => {
      const body = JSON.parse(String(init?.body)) as { box_name: string };
      const code = Math.max(0, ...boxes.keys()) + 1;
      boxes.set(code, { name: body.box_name, problems: new Set() });
      return json(201, { box: boxRow({ code, box_name: body.box_name, problem_count: 0 }) });
    },
    ...overrides,
  };
  for (const code of [1, 2, 3, 4]) {
    handlers[`POST /v1/box/${code}/problem/11`] ??= () => {
      boxes.get(code)?.problems.add(11);
      return json(201, { ok: true });
    };
    handlers[`DELETE /v1/box/${code}/problem/11`] ??= () => {
      boxes.get(code)?.problems.delete(11);
      return json(200, { ok: true });
    };
  }
  return { boxes, fetch: mockFetch(handlers) };
}

function setup(...args: Parameters<typeof boxServer>) {
  const server = boxServer(...args);
  renderElement('/', '/', <BookmarkButton problemUid={11} />);
  return server;
}

const star = () => screen.getByRole('button', { name: '북마크' });
const row = (name: string) => screen.getByRole('switch', { name }).closest('li') as HTMLElement;

async function openModal() {
  fireEvent.click(star());
  return screen.findByRole('dialog', { name: '박스에 북마크' });
}

describe('bookmark star and modal', () => {
  it('fills the star when the problem is in any box', async () => {
    setup({ 1: { name: '심장 복습', problems: [11] } });
    await waitFor(() => expect(star().dataset.saved).toBe('true'));
  });

  it('shows an empty star for a problem in no box', async () => {
    const { fetch } = setup({ 1: { name: '심장 복습', problems: [] } });
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(star().dataset.saved).toBeUndefined();
    expect(String(fetch.mock.calls[0]?.[0])).toBe('/v1/box?problem_uids=11');
  });

  it('asks once for the stars of a whole list of cards', async () => {
    const { fetch } = boxServer({ 1: { name: '심장 복습', problems: [12] } });
    renderElement(
      '/',
      '/',
      <>
        {[11, 12, 13].map((uid) => (
          <BookmarkButton key={uid} problemUid={uid} />
        ))}
      </>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: '북마크' }).map((button) => button.dataset.saved)).toEqual([undefined, 'true', undefined]),
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(['/v1/box?problem_uids=11%2C12%2C13']);
  });

  it('lists the boxes with a switch each and a 저장됨 tag on the boxes holding the problem', async () => {
    setup({ 1: { name: '심장 복습', problems: [11] }, 2: { name: '약리', problems: [] } });
    await openModal();
    const heart = (await screen.findByRole('switch', { name: '심장 복습' })) as HTMLInputElement;
    expect(heart.checked).toBe(true);
    expect(within(row('심장 복습')).getByText('저장됨')).toBeTruthy();
    expect((screen.getByRole('switch', { name: '약리' }) as HTMLInputElement).checked).toBe(false);
    expect(within(row('약리')).queryByText('저장됨')).toBeNull();
  });

  it('adds to a box with 북마크에 추가되었습니다. and removes with 박스에서 제거되었습니다.', async () => {
    const { fetch, boxes } = setup({ 1: { name: '심장 복습', problems: [11] }, 2: { name: '약리', problems: [] } });
    await openModal();
    fireEvent.click(await screen.findByRole('switch', { name: '약리' }));
    expect(await screen.findByText('북마크에 추가되었습니다.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/v1/box/2/problem/11', expect.objectContaining({ method: 'POST' }));
    expect(boxes.get(2)?.problems.has(11)).toBe(true);
    await waitFor(() => expect(within(row('약리')).getByText('저장됨')).toBeTruthy());

    fireEvent.click(screen.getByRole('switch', { name: '심장 복습' }));
    expect(await screen.findByText('박스에서 제거되었습니다.')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/v1/box/1/problem/11', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(within(row('심장 복습')).queryByText('저장됨')).toBeNull());
    expect((screen.getByRole('switch', { name: '심장 복습' }) as HTMLInputElement).checked).toBe(false);
  });

  it('says 북마크 추가에 실패했습니다 and leaves the switch off when adding fails', async () => {
    setup({ 2: { name: '약리', problems: [] } }, { 'POST /v1/box/2/problem/11': () => json(404, { message: '박스를 찾을 수 없습니다.', code: 'NOT_FOUND' }) });
    await openModal();
    fireEvent.click(await screen.findByRole('switch', { name: '약리' }));
    expect(await screen.findByText('북마크 추가에 실패했습니다')).toBeTruthy();
    expect(screen.getByText('박스를 찾을 수 없습니다.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('switch', { name: '약리' }) as HTMLInputElement).checked).toBe(false));
  });

  it('says 박스에서 제거에 실패했습니다 when removing fails', async () => {
    setup(
      { 1: { name: '심장 복습', problems: [11] } },
      { 'DELETE /v1/box/1/problem/11': () => json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }) },
    );
    await openModal();
    fireEvent.click(await screen.findByRole('switch', { name: '심장 복습' }));
    expect(await screen.findByText('박스에서 제거에 실패했습니다')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('switch', { name: '심장 복습' }) as HTMLInputElement).checked).toBe(true));
  });

  it('makes a new box (name required) and puts the problem in it', async () => {
    const { fetch, boxes } = setup({ 1: { name: '심장 복습', problems: [] } });
    await openModal();
    fireEvent.click(await screen.findByRole('button', { name: '새 박스' }));
    const name = screen.getByRole('textbox', { name: /박스 이름/ });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    expect(await screen.findByText('박스 이름을 입력하세요.')).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(name, { target: { value: ' 신장 ' } });
    fireEvent.click(screen.getByRole('button', { name: '만들기' }));
    expect(await screen.findByText('북마크에 추가되었습니다.')).toBeTruthy();
    const create = fetch.mock.calls.find(([url, init]) => url === '/v1/box' && init?.method === 'POST');
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ box_name: '신장' });
    expect(boxes.get(2)).toMatchObject({ name: '신장' });
    expect(boxes.get(2)?.problems.has(11)).toBe(true);
    const created = (await screen.findByRole('switch', { name: '신장' })) as HTMLInputElement;
    await waitFor(() => expect(created.checked).toBe(true));
  });

  it('says 박스 목록을 불러올 수 없습니다 when the boxes do not load', async () => {
    setup({}, { 'GET /v1/box': () => json(500, { message: '서버 오류가 발생했습니다.', code: 'INTERNAL' }) });
    await openModal();
    expect(await screen.findByText('박스 목록을 불러올 수 없습니다')).toBeTruthy();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeTruthy();
  });
});
