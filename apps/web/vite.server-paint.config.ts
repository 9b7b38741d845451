// The server's drawing of the reading pages (src/app/server-paint.tsx, decision 067), compiled
// for Node by `npm run build` after the browser build: dist/.server/ (a dot-directory, so the
// server never serves it as a file). Everything it imports is bundled in, so the server needs
// nothing of the web app's dependencies at run time.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // React's production build whatever NODE_ENV the server runs with (development React draws ~3× slower).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'src/app/server-paint.tsx',
    outDir: 'dist/.server',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    rolldownOptions: { output: { format: 'esm', entryFileNames: 'server-paint.js', codeSplitting: false } },
  },
});
