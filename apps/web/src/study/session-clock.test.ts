import { afterEach, describe, expect, it } from 'vitest';
import { serverSkewMs } from './session-clock';

afterEach(() => window.localStorage.clear());

describe("a timed session's clock offline (decision 054)", () => {
  it('measures the server clock on a fresh read, and keeps that measure when an old read comes back from the cache', () => {
    const device = Date.parse('2026-11-26T10:00:00.000Z');
    // Fresh: the server is 5 s ahead of this device.
    expect(serverSkewMs('2026-11-26T10:00:05.000Z', device)).toBe(5000);
    // An hour later, in a tunnel, the worker answers with that same read: its server_time is an hour
    // old, and taken at face value it would stop the countdown. The kept measure is used instead.
    expect(serverSkewMs('2026-11-26T10:00:05.000Z', device + 3_600_000)).toBe(5000);
    // A newer read measures again (the device clock was corrected meanwhile).
    expect(serverSkewMs('2026-11-26T11:00:06.000Z', device + 3_600_000)).toBe(6000);
  });
});
