// The static first paint (decision 050): what index.html shows before any script or stylesheet
// has arrived. It draws the public top bar where PublicShell draws it (same height, brand, links
// and burger, the same sizes and colours as Mantine's), so a phone on a slow network sees the app's
// frame at once instead of a white page. React replaces it wholesale on its first render (createRoot
// empties #root), so nothing of it stays once the app has loaded. vite.config.ts injects it at build
// and dev time; the texts and links are those of the real top bar.
import { messages as homeMessages } from '../home/messages';
import { paths } from '../lib/paths';
import { messages } from './messages';

export { STYLES_ATTRIBUTE } from './preloaded-styles';
import { fontFamily } from './font-family';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot' }[c]};`);

// Mantine's values for what PublicShell renders (in the dark scheme, Mantine's dark.7 page and
// dark.0 text; the look script sets the scheme before this is drawn, decision 166): Container "lg", a 60 px bar with a gray.3 line,
// the brand in dark.9 at 24 px/800, Button "sm" (36 px, 18 px padding, 14 px/600), Burger "sm".
const css = `
body{margin:0}
.qb-fp{display:flex;flex-direction:column;min-height:100vh;font-family:${fontFamily};font-size:16px;line-height:1.55;color:#000;background:#fff;-webkit-font-smoothing:antialiased}
.qb-fp *{box-sizing:border-box}
.qb-fp-header{background:#fff;border-bottom:1px solid #dee2e6}
.qb-fp-bar{max-width:71.25rem;height:60px;margin-inline:auto;padding-inline:1rem;display:flex;align-items:center;justify-content:space-between;gap:1rem}
.qb-fp-left{display:flex;align-items:center;gap:1.25rem}
.qb-fp-brand{color:#141414;font-size:24px;font-weight:800;line-height:1.55;text-decoration:none}
.qb-fp-nav{display:none;gap:4px}
.qb-fp-link{display:inline-flex;align-items:center;height:36px;padding:0 18px;border:1px solid transparent;border-radius:8px;color:#141414;font-size:14px;font-weight:600;line-height:1;text-decoration:none}
.qb-fp-burger{display:block;position:relative;width:28px;height:28px}
.qb-fp-burger i{position:absolute;left:5px;top:13.25px;width:18px;height:1.5px;background:#000}
.qb-fp-burger i:first-child{top:7.25px}
.qb-fp-burger i:last-child{top:19.25px}
.qb-fp-main{flex:1;min-height:100vh}
.qb-fp-page{max-width:71.25rem;margin-inline:auto;padding:20px 16px}
.qb-fp-h1{margin:0;font-size:34px;line-height:1.3;font-weight:700}
.qb-fp-hero{padding:20px;border-radius:16px;background:#e7f5ff}
.qb-fp-hero-text{max-width:720px;display:flex;flex-direction:column;gap:12px}
.qb-fp-lead{margin:0;font-size:18px;line-height:1.6;color:#242424}
@media (min-width:48em){.qb-fp-nav{display:flex}.qb-fp-burger{display:none}.qb-fp-hero{padding:32px}}
html[data-mantine-color-scheme=dark]{background:#242424}
html[data-mantine-color-scheme=dark] .qb-fp{color:#c9c9c9;background:#242424}
html[data-mantine-color-scheme=dark] .qb-fp-header{background:#242424;border-bottom-color:#424242}
html[data-mantine-color-scheme=dark] .qb-fp-brand,html[data-mantine-color-scheme=dark] .qb-fp-link{color:#c9c9c9}
html[data-mantine-color-scheme=dark] .qb-fp-burger i{background:#c9c9c9}
html[data-mantine-color-scheme=dark] .qb-fp-hero{background:#1a3a5c}
html[data-mantine-color-scheme=dark] .qb-fp-lead{color:#c9c9c9}
`.trim();

/** The <style> for the first paint: a few hundred bytes, inlined in index.html's head. */
export function firstPaintStyle(): string {
  return `<style>${css.replace(/\n/g, '')}</style>`;
}

/**
 * What a public page whose top is fixed text shows in the first paint, inside the main area, where
 * and as the page draws it (Container "lg"; on /home the hero Paper in blue.0 with its Title and
 * lg Text; on /exams the page's Title). The build writes one copy of index.html per page
 * (first-paint/<name>.html), and the server sends it to a signed-out visitor of that path
 * (decision 059): the heading a visitor came for is on screen before any script.
 */
const routeHeads = {
  home: () =>
    `<div class="qb-fp-page"><div class="qb-fp-hero"><div class="qb-fp-hero-text">` +
    `<h1 class="qb-fp-h1">${escapeHtml(homeMessages.home.heroTitle)}</h1>` +
    `<p class="qb-fp-lead">${escapeHtml(homeMessages.home.heroText)}</p></div></div></div>`,
  exams: () => `<div class="qb-fp-page"><h1 class="qb-fp-h1">${escapeHtml(messages.titles.exams)}</h1></div>`,
};

/**
 * The pages with a first-paint copy of index.html. The name is the page's path without its slash
 * (`home` → /home): the server maps a path to `first-paint/<name>.html` by that rule.
 */
export type FirstPaintPage = keyof typeof routeHeads;
export const FIRST_PAINT_PAGES = Object.keys(routeHeads) as FirstPaintPage[];

/** The first paint's markup, the content index.html gives #root; `page` adds that page's head. */
export function firstPaintMarkup(page?: FirstPaintPage): string {
  const nav = messages.nav;
  const links = [
    [nav.exams, paths.exams.getHref()],
    [nav.subjects, paths.subjects.getHref()],
    [nav.board, paths.board.getHref()],
    [nav.study, paths.studyNew.getHref()],
    [nav.search, paths.search.getHref()],
  ] as const;
  const linkHtml = links.map(([label, href]) => `<a class="qb-fp-link" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`).join('');
  return (
    `<div class="qb-fp"><header class="qb-fp-header"><div class="qb-fp-bar"><div class="qb-fp-left">` +
    `<a class="qb-fp-brand" href="${escapeHtml(paths.home.getHref())}">${escapeHtml(messages.app.name)}</a>` +
    `<nav class="qb-fp-nav" aria-label="${escapeHtml(nav.main)}">${linkHtml}</nav></div>` +
    `<span class="qb-fp-burger" aria-hidden="true"><i></i><i></i><i></i></span></div></header>` +
    `<main class="qb-fp-main">${page ? routeHeads[page]() : ''}</main></div>`
  );
}
