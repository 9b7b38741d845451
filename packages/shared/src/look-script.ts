// The document's first script (issue 30 item 5, decision 166): before anything is drawn it puts
// the member's look on <html> from the look cookie (look.ts, LOOK_COOKIE): Mantine's colour
// scheme attribute (the system's scheme for 'system') and the root font size of the type size. The
// web build writes it inline into every document's head; the server allows exactly this text by
// its hash in the Content-Security-Policy, so no other inline script runs.
import { LOOK_COOKIE, TYPE_SIZE_ROOT } from './look';

// Plain ES5 in a string: it runs before any bundle, in every browser that loads the page.
export const LOOK_SCRIPT =
  `(function(){try{var d=document.documentElement,m=/(?:^|; )${LOOK_COOKIE}=(light|dark|system)\\.(small|medium|large)(?:;|$)/.exec(document.cookie),` +
  "t=m?m[1]:'light',s=m?m[2]:'medium';" +
  "if(t==='system')t=window.matchMedia&&matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';" +
  "d.setAttribute('data-mantine-color-scheme',t);d.setAttribute('data-qbank-theme',m?m[1]:'light');d.setAttribute('data-type-size',s);" +
  'd.style.colorScheme=t;d.style.fontSize=(' +
  JSON.stringify(TYPE_SIZE_ROOT) +
  ')[s]}catch(e){}})();';

/** The `<script>` element the web build puts first in the head. */
export function lookScriptTag(): string {
  return `<script>${LOOK_SCRIPT}</script>`;
}
