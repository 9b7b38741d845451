// Checks that stored rich HTML (problems, set headers, posts) cannot run anything in a browser.
// The server's sanitizer writes normalised HTML: `<`, `>` and `&` in text are escaped and every
// attribute value is double-quoted with `"` escaped, so every `<` starts a real tag and the
// tags can be read with one pattern. Anything that does not fit the pattern is itself a finding.

const TAG = /^<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s"'<>/=]+(?:="[^"]*")?)*)\s*(\/?)>/;
const ATTRIBUTE = /\s+([^\s"'<>/=]+)(?:="([^"]*)")?/g;

const DANGEROUS_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'link',
  'meta',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'title',
  'video',
  'audio',
  'source',
  'track',
  'portal',
  'body',
  'html',
  'head',
]);
const DANGEROUS_ATTRIBUTES = new Set([
  'style',
  'srcdoc',
  'srcset',
  'formaction',
  'action',
  'background',
  'xlink:href',
  'http-equiv',
  'dynsrc',
  'lowsrc',
  'ping',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);

function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&colon;/gi, ':')
    .replace(/&tab;|&newline;/gi, '')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What a browser would take as the URL's scheme (it skips whitespace and control characters). */
function schemeOf(url: string): string | null {
  const compact = decodeEntities(url)
    .replace(/[\s\p{Cc}]/gu, '')
    .toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return match ? match[1]! : null;
}

function urlProblem(tag: string, name: string, value: string): string | null {
  const scheme = schemeOf(value);
  if (scheme === null) {
    // Relative: only our own uploads for pictures; protocol-relative URLs leave the site.
    if (/^\s*\/\//.test(value)) return `protocol-relative ${name} on <${tag}>: ${value}`;
    return null;
  }
  if (scheme === 'http' || scheme === 'https' || scheme === 'mailto') return null;
  if (tag === 'img' && name === 'src' && /^data:image\/(png|jpeg|gif|webp);/i.test(value)) return null;
  return `${scheme}: URL in ${name} of <${tag}>: ${value.slice(0, 80)}`;
}

/** Reasons the HTML could run script or load active content (empty when it is inert). */
export function activeContentIn(html: string): string[] {
  const problems: string[] = [];
  let index = html.indexOf('<');
  while (index >= 0) {
    const match = TAG.exec(html.slice(index));
    if (!match) {
      problems.push(`unparsed markup at ${index}: ${html.slice(index, index + 60)}`);
      index = html.indexOf('<', index + 1);
      continue;
    }
    const [whole, , rawName, attributes] = match;
    const tag = rawName!.toLowerCase();
    if (DANGEROUS_TAGS.has(tag)) problems.push(`<${tag}> tag`);
    for (const [, rawAttribute, value = ''] of attributes!.matchAll(ATTRIBUTE)) {
      const name = rawAttribute!.toLowerCase();
      if (name.startsWith('on')) problems.push(`${name} handler on <${tag}>`);
      else if (DANGEROUS_ATTRIBUTES.has(name)) problems.push(`${name} attribute on <${tag}>`);
      else if (URL_ATTRIBUTES.has(name)) {
        const problem = urlProblem(tag, name, value);
        if (problem) problems.push(problem);
      }
    }
    if (tag === 'a' && /\starget="_blank"/.test(attributes!) && !/\srel="[^"]*noopener/.test(attributes!)) problems.push('target=_blank without noopener');
    index = html.indexOf('<', index + whole.length);
  }
  return problems;
}
