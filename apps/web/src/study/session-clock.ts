// The countdown of a timed session runs on the server's clock (decision 054). A session read says
// the server's time then (server_time); the difference to the device's clock corrects the device.
// Offline, the read comes from the service worker's cache and its server_time is as old as the
// read that filled it, so the difference measured on the freshest read is kept and used instead.

const KEY = 'qbank.serverClock';

interface Measured {
  serverTime: string;
  skewMs: number;
}

function stored(): Measured | null {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(KEY) ?? 'null') as Measured | null;
    return parsed && typeof parsed.serverTime === 'string' && typeof parsed.skewMs === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** Server clock − device clock in ms, from this read unless a fresher one was measured (a cached or remembered read is old). */
export function serverSkewMs(serverTime: string, deviceNow = Date.now()): number {
  const earlier = stored();
  if (earlier && earlier.serverTime >= serverTime) return earlier.skewMs;
  const skewMs = Date.parse(serverTime) - deviceNow;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ serverTime, skewMs }));
  } catch {
    // storage blocked: this read's difference is used on this screen only
  }
  return skewMs;
}
