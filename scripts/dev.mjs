// `npm run dev`: the API with reload (tsx watch, port 3000) and Vite's dev server (port 5173,
// proxying the API) side by side. Ctrl+C stops both.
import { spawn } from 'node:child_process';

const children = [
  // tsx watch restarts the API with SIGTERM and kills it 5 s later: no drain (nothing polls /healthz here).
  spawn('npm', ['run', 'dev', '-w', '@qbank/server'], { stdio: 'inherit', env: { SHUTDOWN_DRAIN_MS: '0', ...process.env } }),
  spawn('npm', ['run', 'dev', '-w', '@qbank/web'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) =>
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  }),
);
