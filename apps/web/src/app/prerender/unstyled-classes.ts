/** emotion's class for an empty style: it has no rule to write */
const EMPTY = 'css-0';

/**
 * Emotion classes an HTML page uses without the rule that styles them. Emotion writes each rule once per render in
 * a <style data-emotion="css name…">; a rule written beside an element the render later discarded (a Suspense
 * fallback) is missing from the page, and the element shows unstyled until the scripts run.
 */
export function unstyledClasses(html: string): string[] {
  const written = new Set<string>();
  for (const [, names] of html.matchAll(/data-emotion="css ([^"]*)"/g)) for (const name of names!.split(' ')) written.add(`css-${name}`);
  const used = new Set<string>();
  for (const [, classes] of html.matchAll(/class="([^"]*)"/g)) for (const c of classes!.split(/\s+/)) if (/^css-[a-z0-9]+$/.test(c) && c !== EMPTY) used.add(c);
  return [...used].filter((c) => !written.has(c)).sort();
}
