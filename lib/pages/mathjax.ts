/**
 * MathJax 3 gives each formula's container its context-menu class ("MathJax CtxtMenu_Attached_0").
 * Readability 0.6.0 reads the "Menu" in it as a menu (one of its unlikely-candidate words) and
 * removes the container before scoring, so every formula vanishes from the text; Readability's own
 * MathJax test page (in ../shared/corpus) expects them kept. Dropping that class first keeps them.
 * Returns how many containers were changed.
 */
export function keepMathJax(doc: Document): number {
  const containers = Array.from(doc.querySelectorAll('mjx-container[class]'));
  for (const el of containers) el.removeAttribute('class');
  return containers.length;
}
